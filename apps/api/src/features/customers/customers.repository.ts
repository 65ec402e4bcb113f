import type { Currency, CustomerSort } from '@bizdash/shared';
import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { containsPattern } from '../../lib/contains-pattern.ts';
import { joinableCheckoutPayments as payments } from '../checkout/index.ts';
import { joinableDisputes as disputes } from '../disputes/index.ts';
import { joinableTransactions as transactions } from '../money/index.ts';
import { joinableProducts as products } from '../products/index.ts';
import { joinableRefunds as refunds } from '../refunds/index.ts';

type CustomerRow = typeof customers.$inferSelect;

/** `\`, `%` and `_` typed in a search are matched as themselves. */

/** A sum in one currency, 0 when there is none (a bigint sum comes back as text: mapped to a number). */
const sumIn = (amount: SQL | AnyPgColumn, currency: SQL, code: Currency, where?: SQL) =>
  sql<number>`coalesce(sum(${amount}) filter (where ${currency} = ${code}${where ? sql` and ${where}` : sql``}), 0)`.mapWith(
    Number,
  );

const successful = sql`${transactions.transactionStatus} = 'SUCCESSFUL'`;

/**
 * What each customer's payments add up to, of one merchant: one row per customer. Every customer has a payment
 * (made with their first), so the inner join with the customers listed drops no one.
 */
const paymentStatsOf = (db: DbOrTx, userId: string) =>
  db
    .select({
      customerId: payments.customerId,
      firstPaymentAt: sql<Date>`min(${payments.createdAt})`
        .mapWith(payments.createdAt)
        .as('first_payment_at'),
      lastPaymentAt: sql<Date>`max(${payments.createdAt})`.mapWith(payments.createdAt).as('last_payment_at'),
      successfulPayments: sql<number>`count(*) filter (where ${successful})`
        .mapWith(Number)
        .as('successful_payments'),
      spentNgn: sumIn(payments.customerTotal, sql`${payments.currency}`, 'NGN', successful).as('spent_ngn'),
      spentUsd: sumIn(payments.customerTotal, sql`${payments.currency}`, 'USD', successful).as('spent_usd'),
    })
    .from(payments)
    .innerJoin(transactions, eq(transactions.id, payments.transactionId))
    .where(eq(payments.userId, userId))
    .groupBy(payments.customerId)
    .as('payment_stats');

/** The refunds of each customer's payments that were not refused (PENDING or SUCCEEDED). */
const refundStatsOf = (db: DbOrTx, userId: string) =>
  db
    .select({
      customerId: payments.customerId,
      refundCount: sql<number>`count(*)`.mapWith(Number).as('refund_count'),
      refundedNgn: sumIn(refunds.amount, sql`${refunds.currency}`, 'NGN').as('refunded_ngn'),
      refundedUsd: sumIn(refunds.amount, sql`${refunds.currency}`, 'USD').as('refunded_usd'),
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.userId, userId), ne(refunds.status, 'FAILED')))
    .groupBy(payments.customerId)
    .as('refund_stats');

/** The disputes of each customer's payments, open or closed. */
const disputeStatsOf = (db: DbOrTx, userId: string) =>
  db
    .select({
      customerId: payments.customerId,
      disputeCount: sql<number>`count(*)`.mapWith(Number).as('dispute_count'),
    })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(eq(disputes.userId, userId))
    .groupBy(payments.customerId)
    .as('dispute_stats');

export interface CustomerWithStats {
  customer: CustomerRow;
  firstPaymentAt: Date;
  lastPaymentAt: Date;
  successfulPayments: number;
  spent: Record<Currency, number>;
  refundCount: number;
  refunded: Record<Currency, number>;
  disputeCount: number;
}

function filterOf(userId: string, filter: { customerId?: string; search?: string; transactionId?: string }) {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return and(
    eq(customers.userId, userId),
    filter.customerId ? eq(customers.id, filter.customerId) : undefined,
    pattern ? or(ilike(customers.name, pattern), ilike(customers.email, pattern)) : undefined,
    filter.transactionId
      ? sql`exists (select 1 from ${payments} where ${payments.customerId} = ${customers.id} and ${payments.transactionId} = ${filter.transactionId})`
      : undefined,
  );
}

/**
 * One page of a merchant's customers with what their payments and refunds add up to, in one query. total_spent
 * orders by NGN, then USD, then the newest payment (ADR 052); ties by id, so pages never overlap.
 */
export async function listCustomersWithStats(
  db: DbOrTx,
  userId: string,
  filter: { customerId?: string; search?: string; transactionId?: string; sort?: CustomerSort },
  page: { page: number; size: number },
): Promise<{ rows: CustomerWithStats[]; total: number }> {
  const paymentStats = paymentStatsOf(db, userId);
  const refundStats = refundStatsOf(db, userId);
  const disputeStats = disputeStatsOf(db, userId);
  const where = filterOf(userId, filter);
  const order =
    filter.sort === 'total_spent'
      ? [desc(paymentStats.spentNgn), desc(paymentStats.spentUsd), desc(paymentStats.lastPaymentAt)]
      : [desc(paymentStats.lastPaymentAt)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        customer: customers,
        firstPaymentAt: paymentStats.firstPaymentAt,
        lastPaymentAt: paymentStats.lastPaymentAt,
        successfulPayments: paymentStats.successfulPayments,
        spentNgn: paymentStats.spentNgn,
        spentUsd: paymentStats.spentUsd,
        refundCount: refundStats.refundCount,
        refundedNgn: refundStats.refundedNgn,
        refundedUsd: refundStats.refundedUsd,
        disputeCount: disputeStats.disputeCount,
      })
      .from(customers)
      .innerJoin(paymentStats, eq(paymentStats.customerId, customers.id))
      .leftJoin(refundStats, eq(refundStats.customerId, customers.id))
      .leftJoin(disputeStats, eq(disputeStats.customerId, customers.id))
      .where(where)
      .orderBy(...order, desc(customers.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      customer: row.customer,
      firstPaymentAt: row.firstPaymentAt,
      lastPaymentAt: row.lastPaymentAt,
      successfulPayments: row.successfulPayments,
      spent: { NGN: row.spentNgn, USD: row.spentUsd },
      refundCount: row.refundCount ?? 0,
      refunded: { NGN: row.refundedNgn ?? 0, USD: row.refundedUsd ?? 0 },
      disputeCount: row.disputeCount ?? 0,
    })),
    total: total?.n ?? 0,
  };
}

/** A customer's newest payments, with their product's name and their status (the transaction's). */
export function listCustomerPayments(db: DbOrTx, userId: string, customerId: string, limit: number) {
  return db
    .select({
      id: payments.id,
      transactionId: payments.transactionId,
      reference: payments.reference,
      productName: products.productName,
      quantity: payments.quantity,
      currency: payments.currency,
      amount: payments.customerTotal,
      status: transactions.transactionStatus,
      customerName: payments.customerName,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(transactions, eq(transactions.id, payments.transactionId))
    .innerJoin(products, eq(products.id, payments.productId))
    .where(and(eq(payments.customerId, customerId), eq(payments.userId, userId)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/** The newest refunds of a customer's payments, whatever their status. */
export function listCustomerRefunds(db: DbOrTx, userId: string, customerId: string, limit: number) {
  return db
    .select({
      id: refunds.id,
      paymentId: refunds.paymentId,
      paymentTransactionId: refunds.paymentTransactionId,
      transactionId: refunds.transactionId,
      currency: refunds.currency,
      amount: refunds.amount,
      reason: refunds.reason,
      status: refunds.status,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.customerId, customerId), eq(refunds.userId, userId)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(limit);
}

/** The newest disputes of a customer's payments, whatever their status. */
export function listCustomerDisputes(db: DbOrTx, userId: string, customerId: string, limit: number) {
  return db
    .select({
      id: disputes.id,
      paymentId: disputes.paymentId,
      paymentTransactionId: disputes.paymentTransactionId,
      currency: disputes.currency,
      amount: disputes.amount,
      reason: disputes.reason,
      status: disputes.status,
      evidenceDueBy: disputes.evidenceDueBy,
      createdAt: disputes.createdAt,
    })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(and(eq(payments.customerId, customerId), eq(disputes.userId, userId)))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(limit);
}
