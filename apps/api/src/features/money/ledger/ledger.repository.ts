import type { Currency } from '@bizdash/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { ledgerEntries, ledgerPostings, systemAccounts, wallets } from '../../../db/schema/index.ts';
import type { SystemAccountCode } from './ledger.types.ts';

export async function insertPostingOnce(
  tx: Tx,
  posting: {
    idempotencyKey: string;
    requestHash: string;
    kind: string;
    description: string;
    reversesPostingId?: string;
  },
): Promise<string | null> {
  const [row] = await tx
    .insert(ledgerPostings)
    .values(posting)
    .onConflictDoNothing({ target: ledgerPostings.idempotencyKey })
    .returning({ id: ledgerPostings.id });
  return row?.id ?? null;
}

export async function insertPostings(tx: Tx, postings: (typeof ledgerPostings.$inferInsert)[]) {
  await tx.insert(ledgerPostings).values(postings);
}

export async function findPostingByKey(tx: Tx, idempotencyKey: string) {
  const [row] = await tx
    .select({ id: ledgerPostings.id, requestHash: ledgerPostings.requestHash })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/**
 * Moves one wallet's balance by `amount` in one statement that also checks the rules (currency, status, never
 * below zero) and takes the row lock; null when a rule refused it (the caller locks the row with `lockWalletState` and judges again).
 */
export async function moveWalletBalance(
  tx: Tx,
  change: { walletId: string; currency: Currency; amount: number; spending: boolean },
) {
  const [row] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${change.amount}` })
    .where(
      and(
        eq(wallets.id, change.walletId),
        eq(wallets.currency, change.currency),
        change.spending ? eq(wallets.status, 'ACTIVE') : ne(wallets.status, 'DEACTIVATED'),
        sql`${wallets.balance} + ${change.amount} >= 0`,
      ),
    )
    .returning({ id: wallets.id });
  return row ?? null;
}

/**
 * The wallet row, locked: after a refused move, whether the refusal still holds is judged on this. NO KEY UPDATE,
 * the lock a balance update takes: a plain FOR UPDATE would queue against the key-share locks other postings'
 * entries hold on the wallet and deadlock with them.
 */
export async function lockWalletState(tx: Tx, walletId: string) {
  const [row] = await tx
    .select({ currency: wallets.currency, balance: wallets.balance, status: wallets.status })
    .from(wallets)
    .where(eq(wallets.id, walletId))
    .for('no key update');
  return row ?? null;
}

/** Entries name system accounts by code and currency; their ids are looked up in the same statement. */
export async function insertEntries(
  tx: Tx,
  entries: {
    postingId: string;
    walletId?: string;
    system?: SystemAccountCode;
    currency: Currency;
    amount: number;
  }[],
) {
  await tx.insert(ledgerEntries).values(
    entries.map(({ system, ...entry }) => ({
      ...entry,
      systemAccountId: system
        ? sql`(select ${systemAccounts.id} from ${systemAccounts}
            where ${systemAccounts.code} = ${system} and ${systemAccounts.currency} = ${entry.currency})`
        : undefined,
    })),
  );
}

export async function findPostingEntries(tx: Tx, postingId: string) {
  return tx
    .select({
      walletId: ledgerEntries.walletId,
      systemCode: systemAccounts.code,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .leftJoin(systemAccounts, eq(systemAccounts.id, ledgerEntries.systemAccountId))
    .where(eq(ledgerEntries.postingId, postingId))
    .orderBy(ledgerEntries.id);
}
