import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerPostings, systemAccounts, wallets } from '../../db/schema/index.ts';
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

export async function findSystemAccountIds(tx: Tx, wanted: { code: SystemAccountCode; currency: string }[]) {
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: systemAccounts.id, code: systemAccounts.code, currency: systemAccounts.currency })
    .from(systemAccounts)
    .where(
      and(
        inArray(systemAccounts.code, [...new Set(wanted.map((account) => account.code))]),
        inArray(systemAccounts.currency, [...new Set(wanted.map((account) => account.currency))]),
      ),
    );
  return new Map(rows.map((row) => [`${row.code}:${row.currency}`, row.id]));
}

/** Locks the wallets in id order, so two postings touching the same wallets can never deadlock. */
export async function lockWallets(tx: Tx, walletIds: string[]) {
  if (walletIds.length === 0) return [];
  return tx
    .select({ id: wallets.id, currency: wallets.currency, balance: wallets.balance, status: wallets.status })
    .from(wallets)
    .where(inArray(wallets.id, walletIds))
    .orderBy(wallets.id)
    .for('update');
}

export async function addToWalletBalance(tx: Tx, walletId: string, amount: number) {
  await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${amount}` })
    .where(eq(wallets.id, walletId));
}

export async function insertEntries(
  tx: Tx,
  entries: {
    postingId: string;
    walletId?: string;
    systemAccountId?: string;
    currency: string;
    amount: number;
  }[],
) {
  await tx.insert(ledgerEntries).values(entries);
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
