import type { Currency } from '../constants.ts';

/** A band of the fee schedule: payouts up to `upTo` minor units (null: any amount) cost `fee` minor units. */
export interface PayoutFeeTier {
  upTo: number | null;
  fee: number;
}

/**
 * Defaults in the spirit of Nigerian instant-transfer pricing (₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above) and
 * a flat $1 for a USD bank payout. PAYOUT_FEES overrides them per currency.
 */
export const DEFAULT_PAYOUT_FEES: Record<Currency, PayoutFeeTier[]> = {
  NGN: [
    { upTo: 500_000, fee: 1_000 },
    { upTo: 5_000_000, fee: 2_500 },
    { upTo: null, fee: 5_000 },
  ],
  USD: [{ upTo: null, fee: 100 }],
};

/** The fee of a payout of `amount` minor units under `tiers` (the first band that holds it). */
export function payoutFee(tiers: PayoutFeeTier[], amount: number): number {
  const tier = tiers.find((band) => band.upTo === null || amount <= band.upTo) ?? tiers.at(-1);
  return tier?.fee ?? 0;
}

/** How long a payout usually takes to arrive, per currency's rail. */
export const PAYOUT_ARRIVAL: Record<Currency, string> = {
  NGN: 'Usually within minutes',
  USD: 'Usually 1-3 business days',
};
