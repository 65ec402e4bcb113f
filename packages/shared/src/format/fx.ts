import { FX_RATE_DECIMALS } from '../schemas/fx.ts';
import { currencySymbol } from './currency.ts';

// Every decimal the rate has, trailing zeros too: "1,573.2470", never "1,573.247" (the README promises 4).
const rateFormatter = new Intl.NumberFormat('en', {
  minimumFractionDigits: FX_RATE_DECIMALS,
  maximumFractionDigits: FX_RATE_DECIMALS,
});

/**
 * A conversion rate for people: "$1 = ₦1,573.2475" (one unit of the base currency in the counter currency), to
 * the 4 decimal places rates are quoted in. The rate is a decimal string from a quote; formatting is display only.
 */
export function formatFxRate(rate: string, base: string, counter: string): string {
  return `${currencySymbol(base)}1 = ${currencySymbol(counter)}${rateFormatter.format(Number(rate))}`;
}
