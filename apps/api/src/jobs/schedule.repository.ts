import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scheduledJobs } from '../db/schema/events.ts';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** A row per job, due at once the first time a database sees it. */
export async function ensureJobs(db: Db, jobs: ScheduledJob[]) {
  if (jobs.length === 0) return;
  await db
    .insert(scheduledJobs)
    .values(jobs.map((job) => ({ name: job.name })))
    .onConflictDoNothing();
}

/** Leases one due job; another process's claim is skipped, not waited for. */
export async function claimDueJob(db: Db, jobs: ScheduledJob[], leaseSeconds: number) {
  if (jobs.length === 0) return null;
  const names = jobs.map((job) => job.name);
  const [claimed] = await db
    .update(scheduledJobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      inArray(
        scheduledJobs.name,
        db
          .select({ name: scheduledJobs.name })
          .from(scheduledJobs)
          .where(
            sql`${inArray(scheduledJobs.name, names)} and ${scheduledJobs.nextRunAt} <= now()
              and (${scheduledJobs.lockedUntil} is null or ${scheduledJobs.lockedUntil} < now())`,
          )
          .limit(1)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ name: scheduledJobs.name });
  const job = jobs.find((candidate) => candidate.name === claimed?.name);
  return job ? { job } : null;
}

export async function finishJob(db: Db, job: ScheduledJob, error: string | null) {
  await db
    .update(scheduledJobs)
    .set({
      nextRunAt: sql`now() + make_interval(secs => ${job.everyMs / 1000})`,
      lockedUntil: null,
      lastRunAt: sql`now()`,
      lastError: error,
    })
    .where(eq(scheduledJobs.name, job.name));
}

/** Lets go of this process's lease on a scheduled job it is running (ADR 065): due again at once. */
export async function releaseJobLease(db: Db, name: string): Promise<number> {
  const released = await db
    .update(scheduledJobs)
    .set({ lockedUntil: null })
    .where(and(eq(scheduledJobs.name, name), isNotNull(scheduledJobs.lockedUntil)))
    .returning({ name: scheduledJobs.name });
  return released.length;
}
