import type { EventType } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    index('email_outbox_status_idx').on(table.status, table.createdAt),
    index('email_outbox_to_idx').on(table.toAddress, table.createdAt),
    index('email_outbox_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Domain events (payment.succeeded, ...), written in the same database transaction as the change they announce;
 * the payload is the typed envelope of packages/shared/src/events. Delivery is tracked per handler, in
 * event_deliveries, so one slow or failing handler never holds back or repeats another.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<EventType>().notNull(),
    payload: jsonb('payload').notNull(),
    ...timestamps,
  },
  (table) => [index('outbox_events_user_idx').on(table.userId, table.createdAt)],
);

/**
 * One row per event and handler: pending until handled, retried with backoff, dead after the last attempt (kept
 * for inspection). A worker leases a due row (locked_until) so no other worker handles it meanwhile.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'dead'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('event_deliveries_event_handler_idx').on(table.eventId, table.handler),
    index('event_deliveries_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

/** Every attempt at a delivery, with its outcome: what an operator reads when a delivery went dead. */
export const eventDeliveryAttempts = pgTable(
  'event_delivery_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    succeeded: boolean('succeeded').notNull(),
    error: text('error'),
  },
  (table) => [uniqueIndex('event_delivery_attempts_delivery_idx').on(table.deliveryId, table.attempt)],
);

/** Jobs that run on a schedule; a worker claims a due row (skipping locked ones), runs it, sets its next run. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
});

/**
 * The idempotency store: the first response to a key is kept and replayed; the scope names the caller and the
 * endpoint, so two callers (or two endpoints) never share a key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);
