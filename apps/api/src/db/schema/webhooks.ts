import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, isOneOf, timestamps } from './columns.ts';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Where a user's (a merchant's or an app's) webhooks go, one per user. The signing secrets are sealed with the
 * secret box (context `webhook-secret:<id>`); during a roll the previous one signs too, until its expiry.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    /** Set by a 410 answer or by days of failures; saving the URL again clears it. */
    disabledAt: at('disabled_at'),
    disabledReason: text('disabled_reason'),
    /** When the run of failed attempts began; null after a success. */
    failingSince: at('failing_since'),
    ...timestamps,
  },
  (table) => [uniqueIndex('webhook_endpoints_user_unique').on(table.userId)],
);

/**
 * The delivery log, and the queue the delivery job works from: one row per event and endpoint, its id the
 * `webhook-id` header (the same on every attempt), its payload the exact body sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The outbox event delivered; null for a test event. */
    eventId: uuid('event_id'),
    isTest: boolean('is_test').notNull().default(false),
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts made before the current round of retries (a resend starts the schedule again). */
    retryBase: integer('retry_base').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** A worker's lease: while it runs, no other worker sends this delivery. */
    lockedUntil: at('locked_until'),
    lastAttemptAt: at('last_attempt_at'),
    lastResponseCode: integer('last_response_code'),
    /** The first 1 KB of the last response's body. */
    lastResponseBody: text('last_response_body'),
    lastError: text('last_error'),
    succeededAt: at('succeeded_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(table.endpointId, table.eventId),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_user_idx').on(table.userId, table.createdAt),
    check('webhook_deliveries_status_check', isOneOf(table.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);

/** Each attempt of a delivery: when, how long, and what the receiver answered (the first 1 KB) or why not. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: id(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: at('attempted_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseCode: integer('response_code'),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (table) => [index('webhook_delivery_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
