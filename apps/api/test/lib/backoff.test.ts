import { describe, expect, it } from 'vitest';
import { EVENT_DELIVERY_RETRIES } from '../../src/jobs/job-runner.ts';
import { doublingWaits, type RetrySchedule, retryDelayMs } from '../../src/lib/backoff.ts';

const low = () => 0;
const high = () => 1;

describe('retry schedules', () => {
  it('doubles from the first wait up to the cap', () => {
    expect(doublingWaits(1_000, 5_000, 4)).toEqual([1_000, 2_000, 4_000, 5_000]);
    expect(doublingWaits(30_000, 3_600_000, 8).at(-1)).toBe(3_600_000);
  });

  it('draws each wait within its jitter band', () => {
    const schedule: RetrySchedule = { waitsMs: [1_000, 2_000], afterLast: 'give-up', jitter: [0.5, 1] };
    expect([1, 2].map((failures) => retryDelayMs(schedule, failures, high))).toEqual([1_000, 2_000]);
    expect([1, 2].map((failures) => retryDelayMs(schedule, failures, low))).toEqual([500, 1_000]);
  });

  it('gives up past the last wait, or keeps waiting the last one', () => {
    const waitsMs = [1_000, 2_000];
    expect(retryDelayMs({ waitsMs, afterLast: 'give-up', jitter: [1, 1] }, 3)).toBeNull();
    expect(retryDelayMs({ waitsMs, afterLast: 'repeat-last', jitter: [1, 1] }, 30)).toBe(2_000);
  });

  it('gives an event delivery 8 attempts, about 10 s apart at first, then calls it dead', () => {
    expect(retryDelayMs(EVENT_DELIVERY_RETRIES, 1, high)).toBe(10_000);
    expect(retryDelayMs(EVENT_DELIVERY_RETRIES, 7, high)).toBe(640_000);
    expect(retryDelayMs(EVENT_DELIVERY_RETRIES, 8)).toBeNull();
  });
});
