import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Every email leaves through here; the sandbox provider stops at this table, SMTP delivers from it. fillfactor 85
 * (migration 0040): marking a message sent is an update that stays on its page.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    /**
     * The merchant or app the email concerns (the account's codes, its customers' receipts): what the signed-in
     * merchant reads of the sandbox mailbox (ADR 013).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Set by event handlers: the same delivery handled again finds its email instead of writing a second. */
    dedupeKey: text('dedupe_key'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('email_outbox_dedupe_key_idx').on(table.dedupeKey),
    index('email_outbox_to_idx').on(table.toAddress, table.createdAt),
    index('email_outbox_user_idx').on(table.userId, table.createdAt),
  ],
);
