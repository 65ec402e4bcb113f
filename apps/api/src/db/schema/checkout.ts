import type { CardBrand, FeeBearer } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currency, id, knownCurrency, timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { products } from './products.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';

/**
 * One customer's attempt to pay for a product: the amounts fixed when it started, who paid with which card
 * (brand and last four only), and the merchant's CREDIT transaction whose status is the payment's status.
 */
export const checkoutPayments = pgTable(
  'checkout_payments',
  {
    id: id(),
    reference: text('reference').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    feeTransactionId: uuid('fee_transaction_id').references(() => transactions.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    quantity: integer('quantity').notNull(),
    unitAmount: bigint('unit_amount', { mode: 'number' }).notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    customerTotal: bigint('customer_total', { mode: 'number' }).notNull(),
    merchantNet: bigint('merchant_net', { mode: 'number' }).notNull(),
    currency: currency(),
    feeBearer: text('fee_bearer').$type<FeeBearer>().notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** Who paid: the merchant's customer with this email (any case), found or made when the payment opened. */
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    cardBrand: text('card_brand').$type<CardBrand>().notNull(),
    cardLast4: text('card_last4').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    /** 'OTP' (the issuer wants the customer's code) or 'REDIRECT' (the customer pays on redirectUrl's page). */
    nextAction: text('next_action'),
    /** The hosted checkout's page a payment waits on (nextAction REDIRECT); cleared when the payment finishes. */
    redirectUrl: text('redirect_url'),
    failureReason: text('failure_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('checkout_payments_reference_unique').on(table.reference),
    uniqueIndex('checkout_payments_transaction_unique').on(table.transactionId),
    uniqueIndex('checkout_payments_idempotency_unique').on(table.productId, table.idempotencyKey),
    // A dispute from the card network names its payment by the charge's reference.
    index('checkout_payments_provider_reference_idx')
      .on(table.providerReference)
      .where(sql`${table.providerReference} is not null`),
    index('checkout_payments_customer_idx').on(table.customerId, table.createdAt),
    // The abandoned-payment job reads only the unfinished ones, oldest first.
    index('checkout_payments_open_idx').on(table.createdAt).where(sql`${table.completedAt} is null`),
    check('checkout_payments_quantity_positive', sql`${table.quantity} > 0`),
    knownCurrency(table.currency),
    check(
      'checkout_payments_amounts_add_up',
      sql`${table.customerTotal} = ${table.merchantNet} + ${table.fee} and ${table.fee} >= 0 and ${table.merchantNet} >= 0`,
    ),
  ],
);
