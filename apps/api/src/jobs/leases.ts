import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { eventDeliveries, scheduledJobs } from '../db/schema/events.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { webhookDeliveries } from '../db/schema/webhooks.ts';

/**
 * Lets go of every lease the previous process left behind, when that process is known to be gone: on the embedded
 * database, which one process opens at a time (ADR 001), whatever holds a lease when a process opens it was held
 * by one that ended, most likely killed (a graceful stop finishes its work and lets go). Its scheduled jobs and
 * event and webhook deliveries are due again at once, rather than after their 60-second leases, and a retry with
 * the Idempotency-Key of a request it never answered runs at once instead of answering 409 until the lease ends.
 * On PostgreSQL another live process may hold any of them, and nothing here tells them apart: leases run out
 * (ADR 038). Returns how many leases it let go.
 */
export async function releaseLeasesOfEndedProcess(database: Database): Promise<number> {
  if (database.kind !== 'pglite') return 0;
  const { db } = database;
  const released = [
    await db
      .update(scheduledJobs)
      .set({ lockedUntil: null })
      .where(isNotNull(scheduledJobs.lockedUntil))
      .returning(),
    await db
      .update(eventDeliveries)
      .set({ lockedUntil: null })
      .where(isNotNull(eventDeliveries.lockedUntil))
      .returning(),
    await db
      .update(webhookDeliveries)
      .set({ lockedUntil: null })
      .where(isNotNull(webhookDeliveries.lockedUntil))
      .returning(),
    // The store takes over a key whose lease is over (locked_until < now()), never one whose lease is null.
    await db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(isNull(idempotencyKeys.responseStatus), sql`${idempotencyKeys.lockedUntil} >= now()`))
      .returning(),
  ];
  return released.reduce((total, rows) => total + rows.length, 0);
}
