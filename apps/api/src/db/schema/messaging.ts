import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [index('otp_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt)],
);

/** Every email leaves through here; the sandbox provider stops at this table, SMTP delivers from it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('email_outbox_status_idx').on(table.status, table.createdAt),
    index('email_outbox_to_idx').on(table.toAddress, table.createdAt),
  ],
);

/**
 * Events for the merchant's systems (webhooks), written in the same database transaction as the change they
 * announce; a worker delivers them after commit, at least once, each with its stable id.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('outbox_events_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_events_user_idx').on(table.userId, table.createdAt),
  ],
);
