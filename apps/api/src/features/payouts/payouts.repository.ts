import type { Currency, PayoutStatus } from '@bizdash/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { joinableBankAccounts as bankAccounts, maskedAccountColumns } from '../banks/index.ts';
import { ownedUserIds } from '../users/index.ts';

export type PayoutRow = typeof payouts.$inferSelect;

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

/**
 * A payout on the rail (PROCESSING, handed over) becomes due for its next check now; false for any other payout (not
 * sent yet, settled, or no such id), which a rail's notice then leaves alone.
 */
export async function markPayoutDue(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ nextCheckAt: now, updatedAt: now })
    .where(
      and(eq(payouts.id, id), eq(payouts.status, 'PROCESSING'), sql`${payouts.railReference} is not null`),
    )
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** The payout with its account's public face, only for its owner. */
export async function findOwnedPayout(db: DbOrTx, userId: string, payoutId: string) {
  const [row] = await db
    .select({ payout: payouts, account: maskedAccountColumns })
    .from(payouts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(and(eq(payouts.id, payoutId), eq(payouts.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The owner's payout made with this Idempotency-Key, if any. */
export async function findOwnedPayoutByKey(db: DbOrTx, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select({ payout: payouts, account: maskedAccountColumns })
    .from(payouts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(and(eq(payouts.userId, userId), eq(payouts.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

export async function listRecentPayouts(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ payout: payouts, account: maskedAccountColumns })
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

const COUNTED: PayoutStatus[] = ['PROCESSING', 'SUCCESSFUL'];

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
        // The merchant and its apps, archived ones too: what they paid out still counts.
        inArray(payouts.userId, ownedUserIds(db, ownerId)),
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

/** Whether the user ever started a payout, even one never confirmed: history that stays on the record. */
export async function hasPayouts(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.userId, userId)).limit(1);
  return row !== undefined;
}

/**
 * The demo seed's payout moved to the day it was made (`at`), and to when it settled if it did; answers the
 * transactions it moved money with, to be moved along.
 */
export async function backdatePayoutById(
  tx: Tx,
  payoutId: string,
  { at, settledAt }: { at: Date; settledAt: Date },
) {
  const [row] = await tx
    .update(payouts)
    .set({
      createdAt: at,
      settledAt: sql`case when ${payouts.settledAt} is not null then ${settledAt.toISOString()}::timestamptz end`,
    })
    .where(eq(payouts.id, payoutId))
    .returning({ transactionId: payouts.transactionId, feeTransactionId: payouts.feeTransactionId });
  if (!row?.transactionId) throw new Error(`demo payout ${payoutId} did not move money`);
  return { transactionId: row.transactionId, feeTransactionId: row.feeTransactionId };
}
