import type { RefundStatus } from '@bizdash/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { joinableCheckoutPayments as payments } from '../checkout/index.ts';

export type RefundRow = typeof refunds.$inferSelect;
type NewRefundRow = typeof refunds.$inferInsert;

export async function insertRefund(tx: Tx, values: NewRefundRow) {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

export async function updateRefund(db: DbOrTx, refundId: string, change: Partial<NewRefundRow>) {
  const [row] = await db
    .update(refunds)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(refunds.id, refundId))
    .returning();
  if (!row) throw new Error(`refund ${refundId} vanished`);
  return row;
}

export async function findOwnedRefund(db: DbOrTx, userId: string, refundId: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.userId, userId)));
  return row ?? null;
}

/** The refund made with this Idempotency-Key, if any: a retry finds it even when the request store lost it. */
export async function findOwnedRefundByKey(db: DbOrTx, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.userId, userId), eq(refunds.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function lockRefundById(tx: Tx, refundId: string) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  return row ?? null;
}

/**
 * What the refunds of a payment hold or have returned (every refund not FAILED), read in the caller's transaction
 * after the payment row was locked: with that lock, no other refund of the payment is being decided meanwhile.
 */
export async function sumRefundedByPayment(tx: Tx, paymentId: string) {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'FAILED')));
  return Number(row?.total ?? 0);
}

export async function listRefunds(
  db: DbOrTx,
  userId: string,
  filter: { transactionId?: string; status?: RefundStatus },
  page: { page: number; size: number },
) {
  const where = and(
    eq(refunds.userId, userId),
    filter.transactionId ? eq(refunds.paymentTransactionId, filter.transactionId) : undefined,
    filter.status ? eq(refunds.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** PENDING refunds due for the card network, oldest due first; rows another worker holds are skipped. */
export async function claimDueRefunds(tx: Tx, now: Date, limit: number) {
  return tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'PENDING'), or(isNull(refunds.nextCheckAt), lte(refunds.nextCheckAt, now))))
    .orderBy(asc(refunds.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function findRefundById(db: DbOrTx, refundId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row ?? null;
}

/**
 * The PENDING refunds of the charge with this network reference that the network has answered for (it gave them its
 * id), made due now; returns their ids. A refund still waiting for its first answer keeps its lease: a worker may be
 * asking the network for it at this moment.
 */
export async function markAnsweredRefundsOfChargeDue(db: DbOrTx, chargeReference: string, now: Date) {
  const rows = await db
    .update(refunds)
    .set({ nextCheckAt: now, updatedAt: now })
    .where(
      and(
        eq(refunds.status, 'PENDING'),
        isNotNull(refunds.providerReference),
        inArray(
          refunds.paymentId,
          db
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.providerReference, chargeReference)),
        ),
      ),
    )
    .returning({ id: refunds.id });
  return rows.map((row) => row.id);
}
