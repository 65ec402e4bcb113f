import type { Wallet, WalletSummary, WalletSummaryQuery } from '@bizdash/shared';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { dailyTotals, listWalletsWithPending } from './wallets.repository.ts';

const WALLET_NOT_FOUND = 'Wallet not found';

export async function listWallets(db: Db, userId: string): Promise<Wallet[]> {
  const rows = await listWalletsWithPending(db, userId);
  return rows.map((row) => ({
    walletId: row.id,
    userId: row.userId,
    currency: row.currency,
    availableBalance: row.balance,
    pendingAmount: Number(row.pendingAmount),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function getWallet(db: Db, userId: string, walletId: string): Promise<Wallet> {
  const wallet = (await listWallets(db, userId)).find((candidate) => candidate.walletId === walletId);
  if (!wallet) throw notFound(WALLET_NOT_FOUND);
  return wallet;
}

function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day <= new Date(`${to}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** Daily money in and out per wallet over the range, every day present (zero when nothing moved). */
export async function summarize(db: Db, userId: string, range: WalletSummaryQuery): Promise<WalletSummary> {
  const owned = await listWalletsWithPending(db, userId);
  const totals = await dailyTotals(
    db,
    owned.map((wallet) => wallet.id),
    range.from,
    range.to,
  );
  const byWalletDay = new Map(totals.map((total) => [`${total.walletId}:${total.day}`, total]));
  const days = eachDay(range.from, range.to);
  return {
    from: range.from,
    to: range.to,
    wallets: owned.map((wallet) => ({
      walletId: wallet.id,
      currency: wallet.currency,
      days: days.map((date) => {
        const total = byWalletDay.get(`${wallet.id}:${date}`);
        return { date, moneyIn: total?.moneyIn ?? 0, moneyOut: total?.moneyOut ?? 0 };
      }),
    })),
  };
}
