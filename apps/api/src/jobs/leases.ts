import { isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { eventDeliveries, scheduledJobs } from '../db/schema/events.ts';
import { releaseWebhookDeliveryLeases } from '../features/webhooks/index.ts';
import { releaseIdempotencyLeases } from '../plugins/idempotency.ts';

/**
 * Lets go of every lease the previous process left behind, when that process is known to be gone: on the embedded
 * database, which one process opens at a time (ADR 001), whatever holds a lease when a process opens it was held
 * by one that ended, most likely killed (a graceful stop finishes its work and lets go). Its scheduled jobs and
 * event deliveries (here), webhook deliveries (the webhooks face) and Idempotency-Keys of requests it never
 * answered (the idempotency store) are free again at once, rather than after their 60-second leases. On
 * PostgreSQL another live process may hold any of them, and nothing here tells them apart: leases run out
 * (ADR 038). Returns how many leases it let go.
 */
export async function releaseLeasesOfEndedProcess(database: Database): Promise<number> {
  if (database.kind !== 'pglite') return 0;
  const { db } = database;
  const jobs = await db
    .update(scheduledJobs)
    .set({ lockedUntil: null })
    .where(isNotNull(scheduledJobs.lockedUntil))
    .returning({ name: scheduledJobs.name });
  const deliveries = await db
    .update(eventDeliveries)
    .set({ lockedUntil: null })
    .where(isNotNull(eventDeliveries.lockedUntil))
    .returning({ id: eventDeliveries.id });
  return (
    jobs.length +
    deliveries.length +
    (await releaseWebhookDeliveryLeases(db)) +
    (await releaseIdempotencyLeases(db))
  );
}
