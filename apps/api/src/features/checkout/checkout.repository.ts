import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { preparedQuery, preparedSql } from '../../db/prepared.ts';
import { checkoutPayments } from '../../db/schema/checkout.ts';
import {
  sellerWalletColumns,
  joinableTransactions as transactions,
  joinableWallets as wallets,
} from '../money/index.ts';
import { joinableProducts as products, productWithSeller } from '../products/index.ts';
import { joinableUsers as users } from '../users/index.ts';

export type PaymentRow = typeof checkoutPayments.$inferSelect;
export type NewPaymentRow = typeof checkoutPayments.$inferInsert;

const NEW_PAYMENT_COLUMNS = [
  'reference',
  'productId',
  'userId',
  'transactionId',
  'idempotencyKey',
  'requestHash',
  'quantity',
  'unitAmount',
  'subtotal',
  'fee',
  'customerTotal',
  'merchantNet',
  'currency',
  'feeBearer',
  'customerName',
  'customerEmail',
  'customerId',
  'cardBrand',
  'cardLast4',
  'provider',
] as const satisfies readonly (keyof NewPaymentRow)[];

export type NewPayment = Pick<Required<NewPaymentRow>, (typeof NEW_PAYMENT_COLUMNS)[number]>;

const insertPaymentOnceQuery = preparedQuery(
  'checkout_insert_payment_once',
  NEW_PAYMENT_COLUMNS,
  (db, values) =>
    db
      .insert(checkoutPayments)
      .values(values)
      .onConflictDoNothing({ target: [checkoutPayments.productId, checkoutPayments.idempotencyKey] })
      .returning(),
);

/** A second start with the same key finds the first one's row instead of writing another. */
export async function insertPaymentOnce(tx: Tx, values: NewPayment) {
  const [row] = await insertPaymentOnceQuery(tx, values);
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

/** A payment and its status by its reference (the customer's, and a hosted checkout's transaction reference). */
export async function findPaymentByReference(db: DbOrTx, reference: string) {
  const [row] = await db
    .select({ payment: checkoutPayments, status: transactions.transactionStatus })
    .from(checkoutPayments)
    .innerJoin(transactions, eq(transactions.id, checkoutPayments.transactionId))
    .where(eq(checkoutPayments.reference, reference));
  return row ?? null;
}

/**
 * What starting a payment reads, in one query: the product (held KEY SHARE, so it cannot be deleted under a
 * starting payment while sales still take stock), its seller, and the seller's wallet in the product's currency.
 */
const findStartableProductQuery = preparedQuery(
  'checkout_find_startable_product',
  ['productId'],
  (db, { productId }) =>
    db
      .select({
        ...productWithSeller,
        wallet: sellerWalletColumns,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .leftJoin(wallets, and(eq(wallets.userId, products.userId), eq(wallets.currency, products.currency)))
      .where(eq(products.id, productId))
      .for('key share', { of: products }),
);

export async function findStartableProductById(tx: Tx, productId: string) {
  const [row] = await findStartableProductQuery(tx, { productId });
  return row ?? null;
}

/** A payment with what its receipt shows: the transaction's status, the product's name, the seller's name. */
const paymentViewQuery = preparedQuery('checkout_payment_view', ['paymentId'], (db, { paymentId }) =>
  db
    .select({
      payment: checkoutPayments,
      status: transactions.transactionStatus,
      productName: products.productName,
      businessName: users.businessName,
      checkoutLogoUrl: users.checkoutLogoUrl,
    })
    .from(checkoutPayments)
    .innerJoin(transactions, eq(transactions.id, checkoutPayments.transactionId))
    .innerJoin(products, eq(products.id, checkoutPayments.productId))
    .innerJoin(users, eq(users.id, checkoutPayments.userId))
    .where(eq(checkoutPayments.id, paymentId)),
);

export async function findPaymentViewById(db: DbOrTx, paymentId: string) {
  const [row] = await paymentViewQuery(db, { paymentId });
  return row ?? null;
}

const lockPaymentQuery = preparedQuery('checkout_lock_payment', ['paymentId'], (db, { paymentId }) =>
  db
    .select({ payment: checkoutPayments, transaction: transactions })
    .from(checkoutPayments)
    .innerJoin(transactions, eq(transactions.id, checkoutPayments.transactionId))
    .where(eq(checkoutPayments.id, paymentId))
    .for('update', { of: [checkoutPayments, transactions] }),
);

/** The payment row locked first, always, with its transaction: settling and failing take locks in the same order. */
export async function lockPaymentById(tx: Tx, paymentId: string) {
  const [row] = await lockPaymentQuery(tx, { paymentId });
  return row ? { ...row, status: row.transaction.transactionStatus } : null;
}

type Finish = Pick<
  PaymentRow,
  'id' | 'providerReference' | 'feeTransactionId' | 'failureReason' | 'completedAt'
>;

const finishPaymentQuery = preparedSql(
  'checkout_finish_payment',
  ['id', 'providerReference', 'feeTransactionId', 'failureReason', 'completedAt'],
  (p) => sql<{ id: string }>`
    update ${checkoutPayments}
    set provider_reference = ${p.providerReference}::text, fee_transaction_id = ${p.feeTransactionId}::uuid,
      failure_reason = ${p.failureReason}::text, completed_at = ${p.completedAt}::timestamptz, next_action = null,
      redirect_url = null,
      updated_at = ${p.completedAt}::timestamptz
    where id = ${p.id}::uuid
    returning id`,
);

/**
 * A payment (locked by the caller) booked or failed: what the card network said, its fee (when booked) or reason
 * (when failed). Returns the payment as it now stands.
 */
export async function finishPayment(
  tx: Tx,
  payment: PaymentRow,
  finish: Omit<Finish, 'id'>,
): Promise<PaymentRow> {
  const [row] = await finishPaymentQuery(tx, { id: payment.id, ...finish });
  if (!row) throw new Error(`payment ${payment.id} vanished`);
  return {
    ...payment,
    ...finish,
    nextAction: null,
    redirectUrl: null,
    updatedAt: finish.completedAt ?? payment.updatedAt,
  };
}

export async function updatePaymentById(db: DbOrTx, paymentId: string, values: Partial<NewPaymentRow>) {
  const [row] = await db
    .update(checkoutPayments)
    .set(values)
    .where(eq(checkoutPayments.id, paymentId))
    .returning();
  return row ?? null;
}

/** Unfinished payments started before the cut-off, oldest first, with the charge each one waits on. */
export function findAbandonedPayments(db: DbOrTx, startedBefore: Date, limit: number) {
  return db
    .select({
      id: checkoutPayments.id,
      reference: checkoutPayments.reference,
      provider: checkoutPayments.provider,
      customerTotal: checkoutPayments.customerTotal,
      currency: checkoutPayments.currency,
      providerReference: checkoutPayments.providerReference,
      nextAction: checkoutPayments.nextAction,
    })
    .from(checkoutPayments)
    .where(and(isNull(checkoutPayments.completedAt), lt(checkoutPayments.createdAt, startedBefore)))
    .orderBy(asc(checkoutPayments.createdAt))
    .limit(limit);
}

/** Of those payments, the ones no other process holds, locked for this transaction. */
export async function claimPayments(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: checkoutPayments.id })
    .from(checkoutPayments)
    .where(inArray(checkoutPayments.id, ids))
    .orderBy(asc(checkoutPayments.createdAt))
    .for('update', { skipLocked: true });
}

/** Whether the user was ever paid through checkout, even a failed attempt: history that stays on the record. */
export async function hasCheckoutPayments(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: checkoutPayments.id })
    .from(checkoutPayments)
    .where(eq(checkoutPayments.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * A refund's view of the user's payment picked by its transaction id (issue 22): the payment row locked FOR UPDATE
 * (so the refunds of one payment are decided one at a time), with its transaction's status and wallet, the product
 * and the seller's business name. Another user's transaction finds nothing.
 */
export async function lockOwnedPaymentByTransaction(tx: Tx, userId: string, transactionId: string) {
  const [row] = await tx
    .select({
      payment: checkoutPayments,
      status: transactions.transactionStatus,
      walletId: transactions.walletId,
      productName: products.productName,
    })
    .from(checkoutPayments)
    .innerJoin(transactions, eq(transactions.id, checkoutPayments.transactionId))
    .innerJoin(products, eq(products.id, checkoutPayments.productId))
    .where(and(eq(checkoutPayments.transactionId, transactionId), eq(checkoutPayments.userId, userId)))
    .for('update', { of: [checkoutPayments] });
  return row ?? null;
}

/**
 * The payment a card network charge belongs to (its providerReference), locked FOR UPDATE as a refund locks it: a
 * dispute opening on it and a refund of it are decided one after the other (ADR 051).
 */
export async function lockPaymentByProviderReference(tx: Tx, providerReference: string) {
  const [row] = await tx
    .select({
      payment: checkoutPayments,
      status: transactions.transactionStatus,
      walletId: transactions.walletId,
      productName: products.productName,
    })
    .from(checkoutPayments)
    .innerJoin(transactions, eq(transactions.id, checkoutPayments.transactionId))
    .innerJoin(products, eq(products.id, checkoutPayments.productId))
    .where(eq(checkoutPayments.providerReference, providerReference))
    .for('update', { of: [checkoutPayments] });
  return row ?? null;
}

/** A payment with what its refund email and events say: the customer, the product, the seller's business name. */
export async function findPaymentForRefundById(db: DbOrTx, paymentId: string) {
  const view = await findPaymentViewById(db, paymentId);
  return view
    ? { payment: view.payment, productName: view.productName, businessName: view.businessName }
    : null;
}
