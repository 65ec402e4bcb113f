import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { isOneOf } from './columns.ts';

/** The outside parties whose signed callbacks come in: the identity provider (KYC) and the bank-link provider. */
export const CALLBACK_SOURCES = ['identity', 'bank-link'] as const;
export type CallbackSource = (typeof CALLBACK_SOURCES)[number];

/**
 * Callback ids already received, of every provider that calls back (plugins/provider-callbacks.ts): a replayed
 * callback (same source, provider and id) finds its row and is refused. Kept a day, far past the signatures'
 * 5-minute window.
 */
export const seenCallbacks = pgTable(
  'seen_callbacks',
  {
    source: text('source').$type<CallbackSource>().notNull(),
    provider: text('provider').notNull(),
    callbackId: text('callback_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'seen_callbacks_pkey', columns: [table.source, table.provider, table.callbackId] }),
    index('seen_callbacks_received_at_idx').on(table.receivedAt),
    check('seen_callbacks_source_check', isOneOf(table.source, CALLBACK_SOURCES)),
  ],
);
