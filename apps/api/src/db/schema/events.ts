import type { EventType } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

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
 * fillfactor 85 (migration 0040): the lease, an update of columns no index holds, stays on its page.
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
