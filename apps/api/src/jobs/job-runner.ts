import { EventEnvelopeSchema } from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, JOBS_POOL_SIZE } from '../db/client.ts';
import { doublingWaits, type RetrySchedule, retryDelayMs } from '../lib/backoff.ts';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  recordAttempts,
  releaseEventDeliveryLeases,
} from './events.repository.ts';
import type { LeaseBook } from './lease-book.ts';
import {
  claimDueJob,
  ensureJobs,
  finishJob,
  releaseJobLease,
  type ScheduledJob,
} from './schedule.repository.ts';
import type { EventHandlers } from './subscriptions.ts';

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  handlers: EventHandlers;
  /** The waits between a delivery's attempts; when it gives up the delivery is dead (kept for inspection). */
  retries?: RetrySchedule;
  /** How often an idle worker looks for due work. */
  pollMs?: number;
  /** A handler taking longer than this has failed; the lease is twice as long so no one else takes it meanwhile. */
  handlerTimeoutMs?: number;
  batchSize?: number;
  /** Deliveries of a batch handled at once (the job runner's pool has as many connections). */
  concurrency?: number;
  /** Where the runner notes the leases it holds, so a stop that cannot finish them lets go (ADR 065). */
  leases?: LeaseBook;
  /** How long `stop` waits for the work in hand (none is started once it is called). */
  stopGraceMs?: number;
}

export interface JobRunner {
  /** Features add their scheduled jobs while the app is built, before `start`. */
  schedule(job: ScheduledJob): void;
  /** Handles every delivery due now (tests and `kick` use it); resolves when none is left. */
  runDueEvents(): Promise<number>;
  /** Runs every scheduled job due now, each by one process only. */
  runDueJobs(): Promise<void>;
  /** Work was just committed: look now instead of at the next poll (no-op unless started). */
  kick(): void;
  start(): Promise<void>;
  /**
   * Takes no more work, hands back deliveries it has claimed but not started, and waits at most the grace for
   * the rest; what is still running then keeps its leases in the lease book, for the caller to let go (ADR 065).
   */
  stop(): Promise<void>;
}

/** 8 attempts: retried after about 10 s, doubling (half-band jitter, ADR 010), then dead. */
export const EVENT_DELIVERY_RETRIES: RetrySchedule = {
  waitsMs: doublingWaits(10_000, 3_600_000, 7),
  afterLast: 'give-up',
  jitter: [0.5, 1],
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`handler timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The one worker behind side effects and scheduled jobs: at-least-once delivery of each event to each of its
 * handlers (leased rows, every attempt recorded, backoff with jitter, dead after the limit), and scheduled jobs
 * claimed so that of several processes only one runs each. Safe to run in every process.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const {
    db,
    log,
    handlers,
    retries = EVENT_DELIVERY_RETRIES,
    pollMs = 1_000,
    handlerTimeoutMs = 30_000,
    batchSize = 50,
    concurrency = JOBS_POOL_SIZE,
    leases,
    stopGraceMs = 5_000,
  } = options;
  const leaseSeconds = Math.ceil((handlerTimeoutMs * 2) / 1000);
  const jobs: ScheduledJob[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;

  async function attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    const startedAt = new Date();
    let error: string | null = null;
    try {
      const handler = handlers[delivery.handler as keyof EventHandlers];
      if (!handler) throw new Error(`no handler named ${delivery.handler}`);
      const event = EventEnvelopeSchema.parse(delivery.payload);
      await withTimeout(handler(event, { deliveryId: delivery.id }), handlerTimeoutMs);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      log.warn({ err: caught, deliveryId: delivery.id, attempt: delivery.attempts }, 'event delivery failed');
    }
    const wait = error === null ? null : retryDelayMs(retries, delivery.attempts);
    const retryAt = wait === null ? null : new Date(Date.now() + wait);
    if (error !== null && !retryAt) {
      log.error({ deliveryId: delivery.id, handler: delivery.handler }, 'event delivery is dead');
    }
    return { delivery, startedAt, error, retryAt };
  }

  /**
   * A batch: `concurrency` deliveries at a time, every outcome recorded together once all are done. None starts
   * after half a handler's time limit, so the batch ends well within its lease (twice that limit); the rest are
   * handed back untried.
   */
  async function deliverBatch(claimed: ClaimedDelivery[]) {
    const outcomes: AttemptOutcome[] = [];
    const startBefore = Date.now() + handlerTimeoutMs / 2;
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < claimed.length; index = next++) {
        const delivery = claimed[index] as ClaimedDelivery;
        const start = Date.now() < startBefore && !stopping;
        outcomes.push(start ? await attempt(delivery) : { delivery, handedBack: true });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    await recordAttempts(db, outcomes);
    return outcomes.filter((outcome) => 'handedBack' in outcome).length;
  }

  async function runDueEvents() {
    let handled = 0;
    while (!stopping) {
      const claimed = await claimDueDeliveries(db, batchSize, leaseSeconds);
      const letGo = leases?.hold(leaseSeconds, () => releaseEventDeliveryLeases(db, claimed));
      const handedBack = await deliverBatch(claimed);
      letGo?.();
      handled += claimed.length - handedBack;
      if (claimed.length < batchSize && handedBack === 0) return handled;
    }
    return handled;
  }

  async function runDueJobs() {
    while (!stopping) {
      const due = await claimDueJob(db, jobs, leaseSeconds);
      if (!due) return;
      const letGo = leases?.hold(leaseSeconds, () => releaseJobLease(db, due.job.name));
      let error: string | null = null;
      try {
        await withTimeout(due.job.run(), handlerTimeoutMs);
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
        log.error({ err: caught, job: due.job.name }, 'scheduled job failed');
      }
      await finishJob(db, due.job, error);
      letGo?.();
    }
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runDueJobs();
        await runDueEvents();
      } while (again && !stopping);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'job runner tick failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    schedule: (job) => {
      jobs.push(job);
    },
    runDueEvents,
    runDueJobs,
    kick: () => {
      if (timer) setImmediate(tick);
    },
    async start() {
      stopping = false;
      await ensureJobs(db, jobs);
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      let graceOver: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceOver = setTimeout(resolve, stopGraceMs);
      });
      await Promise.race([running, grace]).finally(() => clearTimeout(graceOver));
      // Once the tick in hand ends, the runner may be run by hand again (tests, scripts) or started anew.
      void Promise.resolve(running).then(() => {
        if (!timer) stopping = false;
      });
    },
  };
}
