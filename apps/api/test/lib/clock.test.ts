import { describe, expect, it } from 'vitest';
import { atMoment, now } from '../../src/lib/clock.ts';

describe('the clock seam', () => {
  const moment = new Date('2026-08-31T08:40:00.123Z');

  it('is the real time outside atMoment', () => {
    const before = Date.now();
    const read = now().getTime();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it('is the pinned moment for the work and everything it awaits, and the real time again after', async () => {
    const seen = await atMoment(moment, async () => {
      const first = now();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const afterTimer = await Promise.resolve().then(() => now());
      return [first, afterTimer];
    });
    expect(seen).toEqual([moment, moment]);
    expect(Date.now() - now().getTime()).toBeLessThan(1_000);
  });

  it('pins an inner moment inside an outer one, and the outer again after it', async () => {
    const inner = new Date(moment.getTime() + 3 * 60_000);
    const seen = await atMoment(moment, async () => {
      const during = await atMoment(inner, async () => now());
      return [during, now()];
    });
    expect(seen).toEqual([inner, moment]);
  });

  it('keeps two pinned pieces of work apart when they run at once', async () => {
    const other = new Date('2026-10-18T11:25:00.000Z');
    const read = (at: Date) =>
      atMoment(at, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return now();
      });
    expect(await Promise.all([read(moment), read(other)])).toEqual([moment, other]);
  });
});
