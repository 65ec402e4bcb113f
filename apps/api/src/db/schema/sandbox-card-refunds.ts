import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { currency, id, knownCurrency, timestamps } from './columns.ts';
import { sandboxCardAuthorizations } from './sandbox-card-authorizations.ts';

/**
 * The sandbox card network's refunds: one per refund reference (asking again answers the first), settled
 * SUCCEEDED at settles_at, or FAILED for the card whose refunds fail (4000 0000 0000 5126).
 */
export const sandboxCardRefunds = pgTable(
  'sandbox_card_refunds',
  {
    id: id(),
    refundReference: text('refund_reference').notNull(),
    authorizationId: uuid('authorization_id')
      .notNull()
      .references(() => sandboxCardAuthorizations.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: currency(),
    status: text('status').$type<'PENDING' | 'SUCCEEDED' | 'FAILED'>().notNull(),
    failureReason: text('failure_reason'),
    settlesAt: timestamp('settles_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sandbox_card_refunds_reference_unique').on(table.refundReference),
    index('sandbox_card_refunds_authorization_idx').on(table.authorizationId),
    knownCurrency(table.currency),
  ],
);
