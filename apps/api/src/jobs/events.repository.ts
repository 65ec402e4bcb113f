import { randomUUID } from 'node:crypto';
import type { EventOf, EventType } from '@bizdash/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import { eventDeliveries, eventDeliveryAttempts } from '../db/schema/events.ts';
import { noteEventWritten } from '../db/transaction.ts';
import { EVENT_SUBSCRIBERS } from './subscriptions.ts';

type NewEvent<T extends EventType> = { userId: string; type: T; data: EventOf<T>['data'] };

/** The event's envelope (its id stable across delivery attempts) and the handlers subscribed to its type. */
export function eventValues<T extends EventType>(event: NewEvent<T>) {
  const eventId = randomUUID();
  const payload = { id: eventId, type: event.type, createdAt: new Date().toISOString(), data: event.data };
  const handlers: readonly string[] = EVENT_SUBSCRIBERS[event.type];
  return {
    eventId,
    eventUserId: event.userId,
    eventType: event.type,
    eventPayload: JSON.stringify(payload),
    eventHandlers: handlers,
  };
}

const EVENT_KEYS = ['eventId', 'eventUserId', 'eventType', 'eventPayload', 'eventHandlers'] as const;

/** The event and one pending delivery per subscribed handler, in one statement (ADR 018: prepared once). */
const emitQuery = preparedSql(
  'event_emit',
  EVENT_KEYS,
  (p) => sql`
    with event as (
      insert into outbox_events (id, user_id, event_type, payload)
      values (${p.eventId}::uuid, ${p.eventUserId}::uuid, ${p.eventType}::text, ${p.eventPayload}::jsonb)
    )
    insert into event_deliveries (event_id, handler)
    select ${p.eventId}::uuid, handler from unnest(${p.eventHandlers}::text[]) as handler`,
);

/**
 * The one way to write an event: in the transaction of the change it announces (a `withTransaction`, which wakes
 * the job runner once it has committed), so the event exists exactly when that change does.
 */
export async function emitEvent<T extends EventType>(tx: Tx, event: NewEvent<T>) {
  noteEventWritten(tx);
  await emitQuery(tx, eventValues(event));
}

export interface ClaimedDelivery {
  id: string;
  handler: string;
  attempts: number;
  payload: unknown;
}

/**
 * Leases up to `limit` due deliveries for `leaseSeconds`: rows another worker is claiming are skipped, and a
 * leased row is not due again until its lease runs out (a worker that died mid-delivery is retried then).
 */
export async function claimDueDeliveries(db: DbOrTx, limit: number, leaseSeconds: number) {
  const result = await db.execute<{ id: string; handler: string; attempts: number; payload: unknown }>(sql`
    update event_deliveries as delivery
    set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = delivery.attempts + 1
    from outbox_events as event
    where event.id = delivery.event_id
      and delivery.id in (
        select id from event_deliveries
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
    returning delivery.id, delivery.handler, delivery.attempts, event.payload`);
  return (result as unknown as { rows: ClaimedDelivery[] }).rows;
}

/** The outcome of one attempt, recorded with the attempt itself; `retryAt` null means it is dead. */
export async function recordAttempt(
  db: DbOrTx,
  delivery: ClaimedDelivery,
  attempt: { startedAt: Date; error: string | null; retryAt: Date | null },
) {
  await db.transaction(async (tx) => {
    await tx.insert(eventDeliveryAttempts).values({
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      startedAt: attempt.startedAt,
      succeeded: attempt.error === null,
      error: attempt.error,
    });
    const outcome =
      attempt.error === null
        ? { status: 'delivered' as const, deliveredAt: new Date(), lastError: null }
        : attempt.retryAt
          ? { nextAttemptAt: attempt.retryAt, lastError: attempt.error }
          : { status: 'dead' as const, lastError: attempt.error };
    await tx
      .update(eventDeliveries)
      .set({ ...outcome, lockedUntil: null })
      .where(and(eq(eventDeliveries.id, delivery.id), eq(eventDeliveries.attempts, delivery.attempts)));
  });
}
