import type { Currency, FxSide } from '@bizdash/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  offeredRate,
  parseRate,
  priceQuote,
  rateText,
  scaleRate,
  worth,
} from '../../../src/features/fx/fx-pricing.ts';
import { sandboxMidRate } from '../../../src/providers/fx-rates/sandbox-fx-rates-provider.ts';

const pairs: [Currency, Currency][] = [
  ['NGN', 'USD'],
  ['USD', 'NGN'],
];

const request = fc.record({
  pair: fc.constantFrom(...pairs),
  side: fc.constantFrom<FxSide>('sell', 'buy'),
  amount: fc.integer({ min: 1, max: 100_000_000_00 }),
  // ₦1 to ₦100,000 per dollar, to 4 decimals
  mid: fc.bigInt({ min: 1_0000n, max: 100_000_0000n }),
  spreadBps: fc.integer({ min: 0, max: 2000 }),
  feeBps: fc.integer({ min: 0, max: 1000 }),
});

/** a/b compared with c/d, all positive: a/b <= c/d. */
const atMost = (a: bigint, b: bigint, c: bigint, d: bigint) => a * d <= c * b;

describe('quote arithmetic', () => {
  const HAND_WORKED = [
    {
      // Offered 1550 x 1.015 = 1573.25 naira per dollar; fee 0.5% of ₦100,000 = ₦500;
      // ₦99,500 / 1573.25 = $63.2449... -> $63.24 (down).
      name: 'a quote: ₦100,000 sold for dollars at a mid rate of 1550 with 150 bps spread and 50 bps fee',
      request: { from: 'NGN', to: 'USD', side: 'sell' },
      expected: {
        rate: 1573_2500n,
        fee: 500_00,
        amountIn: 100_000_00,
        principal: 99_500_00,
        amountOut: 63_24,
      },
    },
    {
      // Offered 1550 x 0.985 = 1526.75; $65.4986... -> $65.50 (up) is worth ₦100,002.12;
      // with the fee: 6550 / 0.995 = 6582.9... -> $65.83, fee ceil(32.915) = 33 cents, leaving $65.50.
      name: 'a buy: ₦100,000 wanted for dollars at 1550',
      request: { from: 'USD', to: 'NGN', side: 'buy' },
      expected: { rate: 1526_7500n, fee: 33, amountIn: 65_83, principal: 65_50, amountOut: 100_000_00 },
    },
  ] as const;

  it.each(HAND_WORKED)('matches a hand-worked $name', ({ request, expected }) => {
    const price = priceQuote({ ...request, amount: 100_000_00, mid: 1550_0000n, spreadBps: 150, feeBps: 50 });
    expect(price).toEqual({ mid: 1550_0000n, ...expected });
  });

  it('offers the worse side of the mid rate, rounded against the merchant', () => {
    expect(offeredRate(1550_0001n, 150, 'USD')).toBe(1573_2502n); // 1573.25010150 up
    expect(offeredRate(1550_0001n, 150, 'NGN')).toBe(1526_7500n); // 1526.75009850 down
    expect(offeredRate(1550_0000n, 0, 'USD')).toBe(1550_0000n);
  });

  it('reads and writes rates with exactly four decimals', () => {
    expect(rateText(1573_2500n)).toBe('1573.2500');
    expect(rateText(5n)).toBe('0.0005');
    expect(parseRate('1573.2500')).toBe(1573_2500n);
    expect(parseRate('1573.25')).toBe(1573_2500n);
    expect(parseRate('1550')).toBe(1550_0000n);
    expect(scaleRate(1550.123456)).toBe(1550_1235n);
  });

  it('never creates or loses money: what leaves is the fee plus what is converted, and what arrives is worth no more than that at the quoted rate (and less than one minor unit less)', () => {
    fc.assert(
      fc.property(request, ({ pair: [from, to], side, amount, mid, spreadBps, feeBps }) => {
        const price = priceQuote({ from, to, side, amount, mid, spreadBps, feeBps });
        if (!price) return;
        const { amountIn, amountOut, fee, principal, rate } = price;
        expect(Number.isSafeInteger(amountIn) && Number.isSafeInteger(amountOut)).toBe(true);
        expect(amountIn).toBe(fee + principal);
        // The fee: feeBps of what leaves, rounded up.
        expect(BigInt(fee)).toBe((BigInt(amountIn) * BigInt(feeBps) + 9_999n) / 10_000n);
        expect(principal).toBeGreaterThan(0);
        expect(amountOut).toBeGreaterThan(0);
        if (side === 'sell') expect(amountIn).toBe(amount);
        else expect(amountOut).toBe(amount);

        // At the offered rate: amountOut <= value(principal) < amountOut + 1 (sell) ...
        const value = worth(BigInt(principal), from, to, rate);
        expect(atMost(BigInt(amountOut), 1n, value.numerator, value.denominator)).toBe(true);
        if (side === 'sell') {
          expect(value.numerator < (BigInt(amountOut) + 1n) * value.denominator).toBe(true);
        } else {
          // ... and for buy, one minor unit less of principal would not have paid for amountOut.
          const less = worth(BigInt(principal - 1), from, to, rate);
          expect(less.numerator < BigInt(amountOut) * less.denominator).toBe(true);
        }
        // The spread is the house's: at the mid rate, what is converted is worth at least what arrives.
        const atMid = worth(BigInt(principal), from, to, mid);
        expect(atMost(BigInt(amountOut), 1n, atMid.numerator, atMid.denominator)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('buys with the least amount that pays for what arrives, fee included', () => {
    fc.assert(
      fc.property(request, ({ pair: [from, to], amount, mid, spreadBps, feeBps }) => {
        const price = priceQuote({ from, to, side: 'buy', amount, mid, spreadBps, feeBps });
        if (!price) return;
        // Selling one minor unit less than amountIn delivers less than what was asked for.
        const less = priceQuote({
          from,
          to,
          side: 'sell',
          amount: price.amountIn - 1,
          mid,
          spreadBps,
          feeBps,
        });
        expect(less === null || less.amountOut < amount).toBe(true);
        // And selling amountIn itself delivers at least it.
        const same = priceQuote({ from, to, side: 'sell', amount: price.amountIn, mid, spreadBps, feeBps });
        expect(same?.amountOut).toBeGreaterThanOrEqual(amount);
      }),
      { numRuns: 1000 },
    );
  });

  it('says an amount too small to deliver anything is null', () => {
    expect(
      priceQuote({
        from: 'NGN',
        to: 'USD',
        side: 'sell',
        amount: 10,
        mid: 1550_0000n,
        spreadBps: 150,
        feeBps: 50,
      }),
    ).toBeNull();
  });
});

describe('sandbox mid rate', () => {
  it('drifts with a sine of the minute, within the configured band, the same for the same minute', () => {
    const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 0, 1, 10, minute, second));
    expect(sandboxMidRate(1550, 50, at(0))).toBe(1550);
    expect(sandboxMidRate(1550, 50, at(15))).toBeCloseTo(1550 * 1.005, 6);
    expect(sandboxMidRate(1550, 50, at(45))).toBeCloseTo(1550 * 0.995, 6);
    expect(sandboxMidRate(1550, 50, at(7, 1))).toBe(sandboxMidRate(1550, 50, at(7, 59)));
    for (let minute = 0; minute < 60; minute++) {
      const rate = sandboxMidRate(1550, 50, at(minute));
      expect(rate).toBeGreaterThanOrEqual(1550 * 0.995 - 1e-9);
      expect(rate).toBeLessThanOrEqual(1550 * 1.005 + 1e-9);
    }
  });
});
