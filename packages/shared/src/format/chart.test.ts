import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCompactMoney, niceTicks } from './chart.ts';

describe('formatCompactMoney', () => {
  it('abbreviates large amounts with the currency symbol', () => {
    expect(formatCompactMoney(123_456_789, 'NGN')).toBe('₦1.2M');
    expect(formatCompactMoney(95_000, 'usd')).toBe('$950');
    expect(formatCompactMoney(0, 'NGN')).toBe('₦0');
  });

  it('has no currency of its own: without one it refuses instead of showing naira', () => {
    // @ts-expect-error the currency is required
    expect(() => formatCompactMoney(0)).toThrow(RangeError);
  });
});

describe('niceTicks', () => {
  it('steps in round amounts from zero past the maximum', () => {
    expect(niceTicks(4_300_00)).toEqual([0, 1_000_00, 2_000_00, 3_000_00, 4_000_00, 5_000_00]);
    expect(niceTicks(90_00)).toEqual([0, 20_00, 40_00, 60_00, 80_00, 100_00]);
  });

  it('has only zero when nothing moved', () => {
    expect(niceTicks(0)).toEqual([0]);
  });

  it('always starts at zero, covers the maximum and uses at most a handful of ticks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 13 }), (max) => {
        const ticks = niceTicks(max);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
        expect(ticks.length).toBeLessThanOrEqual(7);
      }),
    );
  });
});
