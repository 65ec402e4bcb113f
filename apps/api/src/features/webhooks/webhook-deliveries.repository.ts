import type { WebhookDeliveryQuery } from '@bizdash/shared';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema/webhooks.ts';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

type NewDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'id' | 'endpointId' | 'userId' | 'eventType' | 'eventId' | 'isTest' | 'payload'
>;

/** A pending delivery; an event already queued for this endpoint is not queued again (handlers may run twice). */
export async function insertDelivery(db: DbOrTx, delivery: NewDelivery): Promise<DeliveryRow | undefined> {
  const [row] = await db.insert(webhookDeliveries).values(delivery).onConflictDoNothing().returning();
  return row;
}

export async function listDeliveries(
  db: DbOrTx,
  userId: string,
  { page, size, status }: WebhookDeliveryQuery,
) {
  const owned = and(
    eq(webhookDeliveries.userId, userId),
    status ? eq(webhookDeliveries.status, status) : undefined,
  );
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(owned)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(webhookDeliveries).where(owned),
  ]);
  return { rows, total: counts?.total ?? 0 };
}

export async function findOwnedDelivery(db: DbOrTx, userId: string, deliveryId: string) {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.userId, userId)));
  return row;
}

/**
 * Sends one of the user's deliveries again as soon as the job runs, with the same webhook-id and body and a fresh
 * retry schedule; undefined when the user has no such delivery.
 */
export async function requeueOwnedDelivery(db: DbOrTx, userId: string, deliveryId: string) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      retryBase: sql`${webhookDeliveries.attempts}`,
      succeededAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.userId, userId)))
    .returning();
  return row;
}

/**
 * Leases up to `limit` due deliveries for `leaseSeconds` and counts the attempt. Rows another process is claiming
 * are skipped, not waited for (`for update skip locked`), and a leased row is not due again until its lease runs
 * out, so two processes never send one delivery at the same time; one that died mid-send is retried after it.
 */
export async function claimDueDeliveries(db: DbOrTx, limit: number, leaseSeconds: number) {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= now()
        and (${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} < now())`,
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

export async function endpointsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));
}

export type AttemptOutcome = Pick<
  typeof webhookDeliveries.$inferInsert,
  'status' | 'nextAttemptAt' | 'lastResponseCode' | 'lastResponseBody' | 'lastError' | 'succeededAt'
>;

/**
 * Records an attempt's outcome and lets go of the lease, unless a later attempt was claimed meanwhile (this worker
 * outlived its lease): that attempt's outcome is the one to keep.
 */
export async function recordOutcome(db: DbOrTx, claimed: DeliveryRow, outcome: AttemptOutcome) {
  await db
    .update(webhookDeliveries)
    .set({ ...outcome, lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.attempts, claimed.attempts)));
}

export async function recordAttempt(db: DbOrTx, attempt: typeof webhookDeliveryAttempts.$inferInsert) {
  await db.insert(webhookDeliveryAttempts).values(attempt);
}

/** A delivery's attempts, newest first (at most one round of retries and its resends, so a short list). */
export async function listAttempts(db: DbOrTx, deliveryId: string) {
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, deliveryId))
    .orderBy(desc(webhookDeliveryAttempts.attemptedAt), desc(webhookDeliveryAttempts.attempt));
}

/**
 * Stops deliveries to an endpoint (a 410 answer, days of failures): true when this call disabled it, so the
 * merchant is told once. Its pending deliveries stop too; the merchant can resend them after saving the URL.
 */
export async function disableEndpoint(db: DbOrTx, endpointId: string, reason: string): Promise<boolean> {
  const disabled = await db
    .update(webhookEndpoints)
    .set({ disabledAt: new Date(), disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  await db
    .update(webhookDeliveries)
    .set({ status: 'disabled', lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  return disabled.length > 0;
}

/** The start of the endpoint's run of failures (set by the first, kept by the next), or null after a success. */
export async function markEndpointFailing(db: DbOrTx, endpointId: string, failing: boolean) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: failing ? sql`coalesce(${webhookEndpoints.failingSince}, now())` : null })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? null;
}

/**
 * Every delivery lease let go, for a process that opens the embedded database (jobs/leases.ts): whatever held them
 * has ended. Returns how many there were.
 */
export async function releaseDeliveryLeases(db: DbOrTx) {
  const released = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: null })
    .where(isNotNull(webhookDeliveries.lockedUntil))
    .returning({ id: webhookDeliveries.id });
  return released.length;
}

/**
 * Lets go of this process's claims on deliveries it had in hand (a stop that could not wait for their answers,
 * ADR 065): each is due again at once, its attempt counted. One claimed again since (attempts moved on) is left.
 */
export async function releaseClaimedDeliveries(db: DbOrTx, claimed: readonly DeliveryRow[]) {
  if (claimed.length === 0) return 0;
  const released = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: null })
    .where(
      and(
        isNotNull(webhookDeliveries.lockedUntil),
        or(
          ...claimed.map((row) =>
            and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts)),
          ),
        ),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return released.length;
}

/** Finished deliveries (succeeded, failed or stopped) made before `olderThan`; pending ones stay until they finish. */
export async function pruneFinishedDeliveries(db: DbOrTx, olderThan: Date) {
  await db
    .delete(webhookDeliveries)
    .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, olderThan)));
}
