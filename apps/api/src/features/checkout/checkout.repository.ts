import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { checkoutPayments, products, transactions, users } from '../../db/schema/index.ts';

export type PaymentRow = typeof checkoutPayments.$inferSelect;
export type NewPaymentRow = typeof checkoutPayments.$inferInsert;

/** A second start with the same key finds the first one's row instead of writing another. */
export async function insertPaymentOnce(tx: Tx, values: NewPaymentRow) {
  const [row] = await tx
    .insert(checkoutPayments)
    .values(values)
    .onConflictDoNothing({ target: [checkoutPayments.productId, checkoutPayments.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findPaymentByKey(db: DbOrTx, productId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(checkoutPayments)
    .where(
      and(eq(checkoutPayments.productId, productId), eq(checkoutPayments.idempotencyKey, idempotencyKey)),
    );
  return row ?? null;
}

/** A payment with what its receipt shows: the transaction's status, the product's name, the seller's name. */
export async function findPaymentView(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({
      payment: checkoutPayments,
      status: transactions.transactionStatus,
      productName: products.productName,
      businessName: users.businessName,
      checkoutLogUrl: users.checkoutLogoUrl,
    })
    .from(checkoutPayments)
    .innerJoin(transactions, eq(transactions.id, checkoutPayments.transactionId))
    .innerJoin(products, eq(products.id, checkoutPayments.productId))
    .innerJoin(users, eq(users.id, checkoutPayments.userId))
    .where(eq(checkoutPayments.id, paymentId));
  return row ?? null;
}

/** The payment row locked first, always: settling and failing take locks in the same order. */
export async function lockPayment(tx: Tx, paymentId: string) {
  const [row] = await tx
    .select({
      payment: checkoutPayments,
      status: transactions.transactionStatus,
      walletId: transactions.walletId,
    })
    .from(checkoutPayments)
    .innerJoin(transactions, eq(transactions.id, checkoutPayments.transactionId))
    .where(eq(checkoutPayments.id, paymentId))
    .for('update', { of: [checkoutPayments, transactions] });
  return row ?? null;
}

export async function updatePayment(db: DbOrTx, paymentId: string, values: Partial<NewPaymentRow>) {
  const [row] = await db
    .update(checkoutPayments)
    .set(values)
    .where(eq(checkoutPayments.id, paymentId))
    .returning();
  return row ?? null;
}

/** Changes a payment that is still open; null when it has already finished (so nothing was changed). */
export async function updateOpenPayment(db: DbOrTx, paymentId: string, values: Partial<NewPaymentRow>) {
  const [row] = await db
    .update(checkoutPayments)
    .set(values)
    .where(and(eq(checkoutPayments.id, paymentId), isNull(checkoutPayments.completedAt)))
    .returning();
  return row ?? null;
}

/** Unfinished payments started before the cut-off; rows another worker holds are skipped, not waited for. */
export async function claimAbandonedPayments(tx: Tx, startedBefore: Date, limit: number) {
  return tx
    .select({ id: checkoutPayments.id })
    .from(checkoutPayments)
    .where(and(isNull(checkoutPayments.completedAt), lt(checkoutPayments.createdAt, startedBefore)))
    .orderBy(asc(checkoutPayments.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
