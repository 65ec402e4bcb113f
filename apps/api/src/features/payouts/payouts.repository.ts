import type { Currency, PayoutStatus } from '@bizdash/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { users } from '../../db/schema/users.ts';
import { wallets } from '../../db/schema/wallets.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** What a payout shows of its account: never the full number (sealed in bank_accounts). */
const accountColumns = {
  bankName: bankAccounts.bankName,
  accountHolderName: bankAccounts.accountHolderName,
  accountNumberLast4: bankAccounts.accountNumberLast4,
  status: bankAccounts.status,
};

export async function findOwnedWallet(db: DbOrTx, userId: string, walletId: string) {
  const [row] = await db
    .select({ id: wallets.id, currency: wallets.currency, balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findOwnedBankAccount(db: DbOrTx, userId: string, bankAccountId: string) {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The payout's account, locked against deactivation until the transaction ends: the money never leaves (or goes to
 * the rail) for an account deactivated a moment before.
 */
export async function lockBankAccount(tx: Tx, bankAccountId: string) {
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.id, bankAccountId))
    .for('share')
    .limit(1);
  return row ?? null;
}

export async function findUserStatus(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ status: users.status, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function insertPayout(db: DbOrTx, row: typeof payouts.$inferInsert) {
  const [inserted] = await db.insert(payouts).values(row).returning();
  if (!inserted) throw new Error('insert into payouts returned no row');
  return inserted;
}

export async function updatePayout(db: DbOrTx, id: string, change: Partial<typeof payouts.$inferInsert>) {
  const [row] = await db
    .update(payouts)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(payouts.id, id))
    .returning();
  if (!row) throw new Error(`payout ${id} vanished`);
  return row;
}

/** The payout with its account's public face, only for its owner. */
export async function findOwnedPayout(db: DbOrTx, userId: string, payoutId: string) {
  const [row] = await db
    .select({ payout: payouts, account: accountColumns })
    .from(payouts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(and(eq(payouts.id, payoutId), eq(payouts.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The owner's payout made with this Idempotency-Key, if any. */
export async function findOwnedPayoutByKey(db: DbOrTx, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select({ payout: payouts, account: accountColumns })
    .from(payouts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(and(eq(payouts.userId, userId), eq(payouts.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

export async function listOwnedPayouts(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ payout: payouts, account: accountColumns })
    .from(payouts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
}

/** Locks the payout for a state change: a second confirmation or rail answer waits, then sees the new state. */
export async function lockPayout(tx: Tx, payoutId: string) {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update').limit(1);
  return row ?? null;
}

/** Locks the wallet row: its payouts are debited one at a time, each against the balance the last one left. */
export async function lockWallet(tx: Tx, walletId: string) {
  await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.id, walletId)).for('update');
}

/**
 * Locks the merchant's own users row, taken before any wallet: the daily limit is shared by the merchant and all
 * its apps, whose payouts leave different wallets, so the merchant row is what decides them one at a time. NO KEY
 * UPDATE leaves the foreign-key locks of rows written meanwhile (payouts, transactions) free.
 */
export async function lockPayoutLimit(tx: Tx, ownerId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
}

const COUNTED: PayoutStatus[] = ['PROCESSING', 'SUCCESSFUL'];

/** The merchant and its apps (archived ones too: what they paid out still counts). */
const merchantAndApps = (db: DbOrTx, ownerId: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, ownerId), eq(users.parentUserId, ownerId)));

/**
 * What the merchant and all its apps together have paid out in `currency` since `since` (payouts on their way or
 * arrived): the daily limit is the merchant's, however many apps it pays out through.
 */
export async function sumPaidOutSince(db: DbOrTx, ownerId: string, currency: Currency, since: Date) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
    .from(payouts)
    .where(
      and(
        inArray(payouts.userId, merchantAndApps(db, ownerId)),
        eq(payouts.currency, currency),
        inArray(payouts.status, COUNTED),
        gte(payouts.createdAt, since),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Payouts the rail should hear from (or be sent) now; SKIP LOCKED so several processes share the work. */
export async function claimDuePayouts(tx: Tx, now: Date, limit: number) {
  return tx
    .select()
    .from(payouts)
    .where(
      and(eq(payouts.status, 'PROCESSING'), or(isNull(payouts.nextCheckAt), lte(payouts.nextCheckAt, now))),
    )
    .orderBy(asc(payouts.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A payout that can no longer be confirmed (its account was deactivated), unless it moved on meanwhile. */
export async function cancelPending(db: DbOrTx, payoutId: string) {
  await db
    .update(payouts)
    .set({ status: 'CANCELLED', updatedAt: new Date() })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'PENDING_CONFIRMATION')));
}

/** Payouts left unconfirmed past their deadline. */
export async function cancelUnconfirmed(db: DbOrTx, now: Date) {
  return db
    .update(payouts)
    .set({ status: 'CANCELLED', updatedAt: now })
    .where(and(eq(payouts.status, 'PENDING_CONFIRMATION'), lte(payouts.confirmBy, now)))
    .returning({ id: payouts.id });
}
