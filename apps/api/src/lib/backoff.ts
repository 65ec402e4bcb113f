/**
 * How long to wait before trying again, as data: the job runner's event deliveries, webhook deliveries, the payout
 * rail's questions and the LISTEN connection each keep a schedule of this shape, and `retryDelayMs` is the one
 * function that reads them.
 */
export interface RetrySchedule {
  /** The wait after the 1st, 2nd, ... failure. */
  readonly waitsMs: readonly number[];
  /** Past the last entry: wait that long again each time, or give up (`retryDelayMs` answers null). */
  readonly afterLast: 'repeat-last' | 'give-up';
  /**
   * Each wait is drawn between these fractions of it, so the retries of one outage are spread out rather than all
   * landing in the same second; [1, 1] is no jitter.
   */
  readonly jitter: readonly [low: number, high: number];
}

/** `count` waits doubling from `firstMs`, none above `capMs`: 30 s, 1 min, 2 min, ... an hour. */
export function doublingWaits(firstMs: number, capMs: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => Math.min(firstMs * 2 ** index, capMs));
}

/** The wait after the `failures`-th failure in a row (1 for the first); null when the schedule gives up. */
export function retryDelayMs(schedule: RetrySchedule, failures: number, random = Math.random): number | null {
  const { waitsMs, afterLast, jitter } = schedule;
  const index = Math.max(failures, 1) - 1;
  const wait =
    index < waitsMs.length ? waitsMs[index] : afterLast === 'repeat-last' ? waitsMs.at(-1) : undefined;
  if (wait === undefined) return null;
  const [low, high] = jitter;
  return Math.round(wait * (low + (high - low) * random()));
}
