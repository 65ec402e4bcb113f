import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { retryDelay, shouldRetry } from './query-client';

describe('query retries', () => {
  it('never retries a refused request (4xx), except a rate limit that passes with time', () => {
    expect(shouldRetry(0, new ApiError({ status: 400 }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 404 }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 429 }))).toBe(true);
  });

  it('retries server and network failures three times', () => {
    const error = new ApiError({ status: 503 });
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError({ status: 0 }))).toBe(true);
  });

  it('waits exponentially longer, never more than 30 seconds', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});
