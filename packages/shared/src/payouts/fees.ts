import type { PayoutFeeTier } from '../constants.ts';

/** The fee of a payout of `amount` minor units under `tiers` (the first band that holds it). */
export function payoutFee(tiers: PayoutFeeTier[], amount: number): number {
  const tier = tiers.find((band) => band.upTo === null || amount <= band.upTo) ?? tiers.at(-1);
  return tier?.fee ?? 0;
}
