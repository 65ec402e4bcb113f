import { describe, expect, it } from 'vitest';
import { nextAttemptDelayMs, RETRY_SCHEDULE_MS } from '../../../src/features/webhooks/webhook-delivery.ts';
import { parseRetryAfter } from '../../../src/features/webhooks/webhook-sender.ts';
import { newMessageId } from '../../../src/features/webhooks/webhook-signing.ts';

const HOUR = 3_600_000;

describe('the webhook retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h, 24 h (about 3.6 days), then gives up', () => {
    const spoken = RETRY_SCHEDULE_MS.map((ms) =>
      ms < 60_000 ? `${ms / 1000} s` : ms < HOUR ? `${ms / 60_000} min` : `${ms / HOUR} h`,
    );
    expect(spoken.join(', ')).toBe('5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h, 24 h');
    const total = RETRY_SCHEDULE_MS.reduce((sum, wait) => sum + wait, 0);
    expect(total / (24 * HOUR)).toBeCloseTo(3.57, 1);
    expect(nextAttemptDelayMs(RETRY_SCHEDULE_MS.length + 1, null)).toBeNull();
  });

  it('jitters each wait by at most 20% either way', () => {
    RETRY_SCHEDULE_MS.forEach((wait, index) => {
      expect(nextAttemptDelayMs(index + 1, null, () => 0)).toBe(Math.round(wait * 0.8));
      expect(nextAttemptDelayMs(index + 1, null, () => 0.5)).toBe(wait);
      expect(nextAttemptDelayMs(index + 1, null, () => 0.999_999)).toBeLessThanOrEqual(wait * 1.2);
    });
  });

  it('waits longer when Retry-After asks for longer, never shorter', () => {
    expect(nextAttemptDelayMs(1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextAttemptDelayMs(3, 60_000, () => 0.5)).toBe(1_800_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('reads seconds and HTTP dates, and caps them at a day', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 13:00:00 GMT', now)).toBe(HOUR);
    expect(parseRetryAfter(String(30 * 86_400), now)).toBe(24 * HOUR);
    expect(parseRetryAfter('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores what is absent or unreadable', () => {
    for (const value of [undefined, '', '  ', 'soon', '-5', '1.5'])
      expect(parseRetryAfter(value, now), value).toBeNull();
  });
});

describe('newMessageId', () => {
  it('is msg_ and a ULID that sorts by time and does not repeat', () => {
    const earlier = newMessageId(Date.parse('2026-01-01T00:00:00Z'));
    const later = newMessageId(Date.parse('2026-01-01T00:00:01Z'));
    expect(earlier).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(earlier < later).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => newMessageId())).size).toBe(1000);
  });
});
