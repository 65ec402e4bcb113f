import { isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { eventDeliveries, scheduledJobs } from '../db/schema/events.ts';
import { releaseWebhookDeliveryLeases } from '../features/webhooks/index.ts';
import { releaseIdempotencyLeases } from '../plugins/idempotency.ts';
import type { LeaseBook } from './lease-book.ts';

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

/**
 * A stopping process lets go of what it still holds (ADR 065): the scheduled job, deliveries and Idempotency-Keys
 * of work it did not finish within its grace; another process takes them at once instead of after their leases.
 * Its own leases only, so it is safe on PostgreSQL beside other live processes.
 */
export async function releaseHeldLeases(log: FastifyBaseLogger, leases: LeaseBook): Promise<void> {
  try {
    const released = await leases.releaseHeld();
    if (released > 0) log.info({ released }, 'let go of the leases of work not finished before stopping');
  } catch (error) {
    // The database may be gone already; the leases then run out as after a crash.
    log.warn({ err: error }, 'could not let go of the leases held while stopping');
  }
}
