import type { CardBrand, Currency, FeeBearer } from '@bizdash/shared';
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
import { id, timestamps } from './columns.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';

/** What a merchant sells through a payment link; archived instead of deleted once it has payments. */
export const products = pgTable(
  'products',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    description: text('description'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    quantityAvailable: integer('quantity_available').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('products_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('products_amount_positive', sql`${table.amount} > 0`),
    check('products_quantity_not_negative', sql`${table.quantityAvailable} >= 0`),
    check('products_currency_known', sql`${table.currency} in ('NGN', 'USD')`),
  ],
);

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
    currency: text('currency').$type<Currency>().notNull(),
    feeBearer: text('fee_bearer').$type<FeeBearer>().notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    cardBrand: text('card_brand').$type<CardBrand>().notNull(),
    cardLast4: text('card_last4').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    nextAction: text('next_action'),
    failureReason: text('failure_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('checkout_payments_reference_unique').on(table.reference),
    uniqueIndex('checkout_payments_transaction_unique').on(table.transactionId),
    uniqueIndex('checkout_payments_idempotency_unique').on(table.productId, table.idempotencyKey),
    index('checkout_payments_product_idx').on(table.productId),
    // The abandoned-payment job reads only the unfinished ones, oldest first.
    index('checkout_payments_open_idx').on(table.createdAt).where(sql`${table.completedAt} is null`),
    check('checkout_payments_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'checkout_payments_amounts_add_up',
      sql`${table.customerTotal} = ${table.merchantNet} + ${table.fee} and ${table.fee} >= 0 and ${table.merchantNet} >= 0`,
    ),
  ],
);

/**
 * The sandbox card network's own book of authorizations: it remembers which card asked for an OTP, how many
 * codes were wrong, and whether the hold was captured or released, as a real acquirer would.
 */
export const sandboxCardAuthorizations = pgTable(
  'sandbox_card_authorizations',
  {
    id: id(),
    merchantReference: text('merchant_reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    cardBrand: text('card_brand').$type<CardBrand>().notNull(),
    cardLast4: text('card_last4').notNull(),
    status: text('status').notNull(),
    declineReason: text('decline_reason'),
    wrongOtpAttempts: integer('wrong_otp_attempts').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('sandbox_card_authorizations_reference_unique').on(table.merchantReference)],
);
