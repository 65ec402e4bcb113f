import type { CardBrand } from '@bizdash/shared';
import { bigint, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { currency, id, knownCurrency, timestamps } from './columns.ts';

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
    currency: currency(),
    cardBrand: text('card_brand').$type<CardBrand>().notNull(),
    cardLast4: text('card_last4').notNull(),
    status: text('status').notNull(),
    declineReason: text('decline_reason'),
    wrongOtpAttempts: integer('wrong_otp_attempts').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sandbox_card_authorizations_reference_unique').on(table.merchantReference),
    knownCurrency(table.currency),
  ],
);
