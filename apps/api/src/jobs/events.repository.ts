import { randomUUID } from 'node:crypto';
import type { EventOf, EventType } from '@bizdash/shared';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import { eventDeliveries } from '../db/schema/events.ts';
import { noteEventWritten } from '../db/transaction.ts';
import { EVENT_SUBSCRIBERS, WEBHOOKS_HANDLER } from './subscriptions.ts';

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

/**
 * The event and one pending delivery per subscribed handler, in one statement (ADR 018: prepared once). The
 * webhooks handler gets none when the user has no endpoint taking deliveries: it would have nothing to do, and
 * most merchants have none (issue 26: a third of the deliveries a payment left).
 */
const emitQuery = preparedSql(
  'event_emit',
  EVENT_KEYS,
  (p) => sql`
    with event as (
      insert into outbox_events (id, user_id, event_type, payload)
      values (${p.eventId}::uuid, ${p.eventUserId}::uuid, ${p.eventType}::text, ${p.eventPayload}::jsonb)
    )
    insert into event_deliveries (event_id, handler)
    select ${p.eventId}::uuid, handler from unnest(${p.eventHandlers}::text[]) as handler
    where handler <> ${WEBHOOKS_HANDLER} or exists (
      select 1 from webhook_endpoints as endpoint
      where endpoint.user_id = ${p.eventUserId}::uuid and endpoint.disabled_at is null
    )`,
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
const claimQuery = preparedSql<'limit' | 'leaseSeconds', ClaimedDelivery>(
  'event_deliveries_claim',
  ['limit', 'leaseSeconds'],
  (p) => sql`
    update event_deliveries as delivery
    set locked_until = now() + make_interval(secs => ${p.leaseSeconds}::int), attempts = delivery.attempts + 1
    from outbox_events as event
    where event.id = delivery.event_id
      and delivery.id in (
        select id from event_deliveries
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${p.limit}::int
        for update skip locked
      )
    returning delivery.id, delivery.handler, delivery.attempts, event.payload`,
);

export const claimDueDeliveries = (db: DbOrTx, limit: number, leaseSeconds: number) =>
  claimQuery(db, { limit, leaseSeconds });

/**
 * One attempt's outcome; `retryAt` null with an error means the delivery is dead. A delivery handed back was
 * claimed but never tried (its batch ran out of time): it is due again at once, its attempt not counted.
 */
export type AttemptOutcome =
  | { delivery: ClaimedDelivery; startedAt: Date; error: string | null; retryAt: Date | null }
  | { delivery: ClaimedDelivery; handedBack: true };

const OUTCOME_KEYS = ['ids', 'attempts', 'handedBack', 'startedAt', 'errors', 'retryAt'] as const;

/**
 * A batch's outcomes, recorded in one statement: every attempt kept, and each delivery delivered, due again at
 * its retry time, dead, or (handed back) as it was before the claim. A delivery whose lease ran out and was
 * claimed again meanwhile (its attempts moved on) is left to that newer attempt.
 */
const recordQuery = preparedSql(
  'event_delivery_attempts_record',
  OUTCOME_KEYS,
  (p) => sql`
    with outcome as (
      select * from unnest(${p.ids}::uuid[], ${p.attempts}::int[], ${p.handedBack}::boolean[],
        ${p.startedAt}::timestamptz[], ${p.errors}::text[], ${p.retryAt}::timestamptz[])
        as o(id, attempt, handed_back, started_at, error, retry_at)
    ), recorded as (
      insert into event_delivery_attempts (delivery_id, attempt, started_at, succeeded, error)
      select id, attempt, started_at, error is null, error from outcome where not handed_back
    )
    update event_deliveries as delivery
    set status = case when outcome.handed_back then delivery.status when outcome.error is null then 'delivered'
          when outcome.retry_at is null then 'dead' else delivery.status end,
        delivered_at = case when not outcome.handed_back and outcome.error is null then now()
          else delivery.delivered_at end,
        next_attempt_at = coalesce(outcome.retry_at, delivery.next_attempt_at),
        last_error = case when outcome.handed_back then delivery.last_error else outcome.error end,
        attempts = case when outcome.handed_back then delivery.attempts - 1 else delivery.attempts end,
        locked_until = null,
        updated_at = now()
    from outcome
    where delivery.id = outcome.id and delivery.attempts = outcome.attempt`,
);

export async function recordAttempts(db: DbOrTx, outcomes: readonly AttemptOutcome[]) {
  if (outcomes.length === 0) return;
  const tried = (outcome: AttemptOutcome) => ('handedBack' in outcome ? null : outcome);
  await recordQuery(db, {
    ids: outcomes.map((outcome) => outcome.delivery.id),
    attempts: outcomes.map((outcome) => outcome.delivery.attempts),
    handedBack: outcomes.map((outcome) => 'handedBack' in outcome),
    startedAt: outcomes.map((outcome) => tried(outcome)?.startedAt.toISOString() ?? null),
    errors: outcomes.map((outcome) => tried(outcome)?.error ?? null),
    retryAt: outcomes.map((outcome) => tried(outcome)?.retryAt?.toISOString() ?? null),
  });
}

/**
 * Lets go of this process's claims on event deliveries it had in hand (ADR 065): each is due again at once, its
 * attempt counted as a crash's would be. A delivery claimed again since (its attempts moved on) is not touched.
 */
export async function releaseEventDeliveryLeases(
  db: Db,
  claimed: readonly { id: string; attempts: number }[],
): Promise<number> {
  if (claimed.length === 0) return 0;
  const released = await db
    .update(eventDeliveries)
    .set({ lockedUntil: null })
    .where(
      and(
        isNotNull(eventDeliveries.lockedUntil),
        or(
          ...claimed.map((row) =>
            and(eq(eventDeliveries.id, row.id), eq(eventDeliveries.attempts, row.attempts)),
          ),
        ),
      ),
    )
    .returning({ id: eventDeliveries.id });
  return released.length;
}
