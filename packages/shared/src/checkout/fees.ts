import { z } from 'zod';
import type { Currency } from '../constants.ts';

/**
 * One currency's card fee: a percentage (basis points) plus a flat amount, the flat part waived below a
 * threshold, the whole capped. All amounts are integer minor units.
 */
export const FeeRuleSchema = z.object({
  percentBasisPoints: z.number().int().min(0).max(10_000),
  flat: z.number().int().min(0),
  /** Orders below this subtotal pay no flat part; 0 means the flat part always applies. */
  flatWaivedBelow: z.number().int().min(0),
  /** The most one order pays; null means no cap. */
  cap: z.number().int().positive().nullable(),
});
export type FeeRule = z.infer<typeof FeeRuleSchema>;

export const FeeScheduleSchema = z.object({ NGN: FeeRuleSchema, USD: FeeRuleSchema });
export type FeeSchedule = z.infer<typeof FeeScheduleSchema>;

/** Local card pricing in Nigeria (1.5% + ₦100, ₦100 waived under ₦2,500, capped at ₦2,000) and US card pricing (2.9% + 30¢). */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  NGN: { percentBasisPoints: 150, flat: 100_00, flatWaivedBelow: 2_500_00, cap: 2_000_00 },
  USD: { percentBasisPoints: 290, flat: 30, flatWaivedBelow: 0, cap: null },
};

/** Who carries the card fee: the merchant's chargeCheckoutFeeToCustomer setting. */
export const FEE_BEARERS = ['CUSTOMER', 'MERCHANT'] as const;
export type FeeBearer = (typeof FEE_BEARERS)[number];

export const feeBearerOf = (chargeCheckoutFeeToCustomer: boolean): FeeBearer =>
  chargeCheckoutFeeToCustomer ? 'CUSTOMER' : 'MERCHANT';

/** The fee on a subtotal; the percentage rounds half up to the minor unit (BigInt: no float on money). */
export function feeFor(rule: FeeRule, subtotal: number): number {
  const scaled = BigInt(subtotal) * BigInt(rule.percentBasisPoints);
  const percent = Number((scaled + 5_000n) / 10_000n);
  const flat = subtotal >= rule.flatWaivedBelow ? rule.flat : 0;
  const fee = percent + flat;
  return rule.cap === null ? fee : Math.min(fee, rule.cap);
}

export interface CheckoutAmounts {
  currency: Currency;
  unitAmount: number;
  quantity: number;
  subtotal: number;
  fee: number;
  /** What the customer's card is charged. */
  customerTotal: number;
  /** What lands in the merchant's wallet: customerTotal - fee. */
  merchantNet: number;
}

/**
 * The only place checkout amounts are worked out. The customer bearing the fee pays subtotal + fee and the
 * merchant keeps the subtotal; otherwise the customer pays the subtotal and the fee (never more than it) comes
 * out of what the merchant receives. Either way customerTotal = merchantNet + fee.
 */
export function checkoutAmounts(input: {
  unitAmount: number;
  quantity: number;
  currency: Currency;
  rule: FeeRule;
  bearer: FeeBearer;
}): CheckoutAmounts {
  const subtotal = input.unitAmount * input.quantity;
  if (!Number.isSafeInteger(subtotal) || subtotal <= 0) throw new RangeError('subtotal out of range');
  const fee = Math.min(feeFor(input.rule, subtotal), input.bearer === 'MERCHANT' ? subtotal : Infinity);
  const customerTotal = input.bearer === 'CUSTOMER' ? subtotal + fee : subtotal;
  return {
    currency: input.currency,
    unitAmount: input.unitAmount,
    quantity: input.quantity,
    subtotal,
    fee,
    customerTotal,
    merchantNet: customerTotal - fee,
  };
}
