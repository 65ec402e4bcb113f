import { REFUND_REASONS, REFUND_STATUSES, type RefundReason, type RefundStatus } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkoutPayments } from './checkout.ts';
import { currency, id, isOneOf, knownCurrency, timestamps } from './columns.ts';
import { ledgerPostings } from './ledger.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';
import { wallets } from './wallets.ts';

/**
 * Money given back to the card of a checkout payment (issue 22, ADR 049). Made PENDING with the wallet debited into
 * REFUNDS_IN_TRANSIT (debit_posting_id) and its DEBIT transaction (CREATED, child of the payment's transaction); the
 * card network's answer settles it (SUCCEEDED) or reverses it (FAILED). next_check_at is when the refunds job next
 * asks the network; provider_reference is the network's id of the refund once asked.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => checkoutPayments.id),
    paymentTransactionId: uuid('payment_transaction_id')
      .notNull()
      .references(() => transactions.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    currency: currency(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    merchantNote: text('merchant_note'),
    customerNote: text('customer_note'),
    restock: boolean('restock').notNull().default(false),
    status: text('status').$type<RefundStatus>().notNull(),
    failureReason: text('failure_reason'),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    debitPostingId: uuid('debit_posting_id')
      .notNull()
      .references(() => ledgerPostings.id),
    providerReference: text('provider_reference'),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    /** The Idempotency-Key it was made with: a retry finds it here even when the request store has lost it. */
    idempotencyKey: text('idempotency_key'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('refunds_user_created_idx').on(table.userId, table.createdAt),
    index('refunds_payment_idx').on(table.paymentId),
    uniqueIndex('refunds_transaction_unique').on(table.transactionId),
    uniqueIndex('refunds_user_idempotency_key_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('refunds_due_idx').on(table.nextCheckAt).where(sql`${table.status} = 'PENDING'`),
    check('refunds_amount_positive', sql`${table.amount} > 0`),
    knownCurrency(table.currency),
    check('refunds_reason_check', isOneOf(table.reason, REFUND_REASONS)),
    check('refunds_status_check', isOneOf(table.status, REFUND_STATUSES)),
  ],
);
