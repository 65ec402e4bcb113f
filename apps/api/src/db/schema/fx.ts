import { FX_SIDES, type FxSide } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { currency, id, isOneOf, knownCurrency, timestamps } from './columns.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';

/** OPEN until it is converted, once (ADR 031). */
export const FX_QUOTE_STATUSES = ['OPEN', 'CONVERTED'] as const;
export type FxQuoteStatus = (typeof FX_QUOTE_STATUSES)[number];

/**
 * A conversion price the house gave one merchant (ADR 031): the amounts are final when it is made, and converting
 * it moves exactly them, once, before expires_at. Rates are USD/NGN (naira per dollar) to 4 decimal places.
 * An OPEN quote past its expiry is dead; the hourly prune deletes those a day old.
 */
export const fxQuotes = pgTable(
  'fx_quotes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromCurrency: currency('from_currency'),
    toCurrency: currency('to_currency'),
    side: text('side').$type<FxSide>().notNull(),
    /** What the merchant asked for: from-currency minor units (sell) or to-currency minor units (buy). */
    requestedAmount: bigint('requested_amount', { mode: 'number' }).notNull(),
    midRate: numeric('mid_rate', { precision: 18, scale: 4 }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 4 }).notNull(),
    spreadBps: integer('spread_bps').notNull(),
    feeBps: integer('fee_bps').notNull(),
    /** In from-currency minor units; part of amount_in. */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    amountIn: bigint('amount_in', { mode: 'number' }).notNull(),
    amountOut: bigint('amount_out', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').$type<FxQuoteStatus>().notNull().default('OPEN'),
    /** Set when converted: the Idempotency-Key of the conversion, so its retry is answered even past the store. */
    conversionKey: text('conversion_key'),
    reference: text('reference'),
    debitTransactionId: uuid('debit_transaction_id').references(() => transactions.id),
    creditTransactionId: uuid('credit_transaction_id').references(() => transactions.id),
    feeTransactionId: uuid('fee_transaction_id').references(() => transactions.id),
    convertedAt: timestamp('converted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('fx_quotes_user_idx').on(table.userId, table.createdAt),
    index('fx_quotes_open_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'OPEN'`),
    check('fx_quotes_currencies_differ', sql`${table.fromCurrency} <> ${table.toCurrency}`),
    knownCurrency(table.fromCurrency),
    knownCurrency(table.toCurrency),
    check('fx_quotes_side_known', isOneOf(table.side, FX_SIDES)),
    check('fx_quotes_status_known', isOneOf(table.status, FX_QUOTE_STATUSES)),
    check(
      'fx_quotes_amounts',
      sql`${table.fee} >= 0 and ${table.amountIn} > ${table.fee} and ${table.amountOut} > 0 and ${table.requestedAmount} > 0`,
    ),
    check(
      'fx_quotes_converted_iff_booked',
      sql`(${table.status} = 'CONVERTED') = (${table.debitTransactionId} is not null and ${table.creditTransactionId} is not null and ${table.convertedAt} is not null)`,
    ),
  ],
);
