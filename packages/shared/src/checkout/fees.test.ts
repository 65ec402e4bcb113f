import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../constants.ts';
import { PRODUCT_LIMITS } from '../schemas/products.ts';
import {
  checkoutAmounts,
  DEFAULT_FEE_SCHEDULE,
  FEE_BEARERS,
  type FeeRule,
  feeBearerOf,
  feeFor,
} from './fees.ts';

const NGN = DEFAULT_FEE_SCHEDULE.NGN;
const USD = DEFAULT_FEE_SCHEDULE.USD;

describe('feeFor on the default NGN rule (1.5% + ₦100, ₦100 waived under ₦2,500, cap ₦2,000)', () => {
  it.each([
    ['₦1,000: 1.5% only, the ₦100 is waived', 100_000, 1_500],
    ['₦2,499.99: still under ₦2,500, 1.5% rounded to the kobo', 249_999, 3_750],
    ['₦2,500: the ₦100 applies from exactly ₦2,500', 250_000, 13_750],
    ['₦10,000: ₦150 + ₦100', 1_000_000, 25_000],
    ['₦126,666: ₦1,899.99 + ₦100, just under the cap', 12_666_600, 199_999],
    ['₦126,666.66: ₦1,900 + ₦100 reaches the cap exactly', 12_666_666, 200_000],
    ['₦200,000: ₦3,100 capped at ₦2,000', 20_000_000, 200_000],
    ['₦100,000,000: capped at ₦2,000', 10_000_000_000, 200_000],
  ])('%s', (_, subtotal, fee) => {
    expect(feeFor(NGN, subtotal)).toBe(fee);
  });

  it('rounds the percentage half up to the kobo', () => {
    // 100 kobo × 1.5% = 1.5 kobo -> 2; 99 kobo × 1.5% = 1.485 kobo -> 1.
    expect(feeFor(NGN, 100)).toBe(2);
    expect(feeFor(NGN, 99)).toBe(1);
  });
});

describe('feeFor on the default USD rule (2.9% + 30¢, no waiver, no cap)', () => {
  it.each([
    ['$1: 2.9¢ rounds to 3¢, plus 30¢', 100, 33],
    ['$5: 14.5¢ rounds half up to 15¢, plus 30¢', 500, 45],
    ['$10: 29¢ + 30¢', 1_000, 59],
    ['$99.99: 289.971¢ rounds to 290¢, plus 30¢', 9_999, 320],
    ['$1,000,000: no cap', 100_000_000, 2_900_030],
  ])('%s', (_, subtotal, fee) => {
    expect(feeFor(USD, subtotal)).toBe(fee);
  });
});

describe('feeBearerOf', () => {
  it("maps the merchant's chargeCheckoutFeeToCustomer setting to who carries the fee", () => {
    expect(feeBearerOf(true)).toBe('CUSTOMER');
    expect(feeBearerOf(false)).toBe('MERCHANT');
  });
});

describe('checkoutAmounts', () => {
  it('adds the fee on top when the customer bears it: ₦5,000 × 2', () => {
    expect(
      checkoutAmounts({ unitAmount: 500_000, quantity: 2, currency: 'NGN', rule: NGN, bearer: 'CUSTOMER' }),
    ).toEqual({
      currency: 'NGN',
      unitAmount: 500_000,
      quantity: 2,
      subtotal: 1_000_000,
      fee: 25_000,
      customerTotal: 1_025_000,
      merchantNet: 1_000_000,
    });
  });

  it("takes the fee out of the merchant's share when the merchant bears it: $10 × 3", () => {
    expect(
      checkoutAmounts({ unitAmount: 1_000, quantity: 3, currency: 'USD', rule: USD, bearer: 'MERCHANT' }),
    ).toEqual({
      currency: 'USD',
      unitAmount: 1_000,
      quantity: 3,
      subtotal: 3_000,
      fee: 117,
      customerTotal: 3_000,
      merchantNet: 2_883,
    });
  });

  it('never takes more fee than the subtotal from a merchant, but charges a customer the whole fee', () => {
    const flatOnly: FeeRule = { percentBasisPoints: 0, flat: 500, flatWaivedBelow: 0, cap: null };
    const base = { unitAmount: 100, quantity: 3, currency: 'USD', rule: flatOnly } as const;
    expect(checkoutAmounts({ ...base, bearer: 'MERCHANT' })).toMatchObject({
      fee: 300,
      customerTotal: 300,
      merchantNet: 0,
    });
    expect(checkoutAmounts({ ...base, bearer: 'CUSTOMER' })).toMatchObject({
      fee: 500,
      customerTotal: 800,
      merchantNet: 300,
    });
  });

  it('refuses a subtotal of zero or one beyond safe integers', () => {
    const base = { currency: 'NGN', rule: NGN, bearer: 'MERCHANT' } as const;
    expect(() => checkoutAmounts({ ...base, unitAmount: 0, quantity: 1 })).toThrow(RangeError);
    expect(() => checkoutAmounts({ ...base, unitAmount: 2 ** 52, quantity: 4 })).toThrow(RangeError);
  });

  it('adds up for any product and quantity the limits allow, in both currencies and for both bearers', () => {
    const order = fc.constantFrom(...CURRENCIES).chain((currency) =>
      fc.record({
        currency: fc.constant(currency),
        unitAmount: fc.integer({
          min: PRODUCT_LIMITS.minAmount[currency],
          max: PRODUCT_LIMITS.maxAmount[currency],
        }),
        quantity: fc.integer({ min: 1, max: PRODUCT_LIMITS.quantityMax }),
        bearer: fc.constantFrom(...FEE_BEARERS),
      }),
    );
    fc.assert(
      fc.property(order, (input) => {
        const rule = DEFAULT_FEE_SCHEDULE[input.currency];
        const amounts = checkoutAmounts({ ...input, rule });
        const { subtotal, fee, customerTotal, merchantNet } = amounts;
        for (const value of [subtotal, fee, customerTotal, merchantNet]) {
          expect(Number.isSafeInteger(value)).toBe(true);
        }
        expect(subtotal).toBe(input.unitAmount * input.quantity);
        expect(customerTotal).toBe(merchantNet + fee);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(merchantNet).toBeGreaterThanOrEqual(0);
        if (rule.cap !== null) expect(fee).toBeLessThanOrEqual(rule.cap);
        if (input.bearer === 'CUSTOMER') {
          expect(merchantNet).toBe(subtotal);
          expect(fee).toBe(feeFor(rule, subtotal));
        } else {
          expect(customerTotal).toBe(subtotal);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('never charges less fee on a bigger subtotal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(NGN, USD),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (rule, subtotal, more) => {
          expect(feeFor(rule, subtotal + more)).toBeGreaterThanOrEqual(feeFor(rule, subtotal));
        },
      ),
    );
  });
});
