import { currencySymbol } from './currency.ts';

const rateFormatter = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * A conversion rate for people: "$1 = ₦1,573.2475" (one unit of the base currency in the counter currency), with
 * the rate's own decimals, at least two. The rate is a decimal string from a quote; formatting is display only.
 */
export function formatFxRate(rate: string, base: string, counter: string): string {
  return `${currencySymbol(base)}1 = ${currencySymbol(counter)}${rateFormatter.format(Number(rate))}`;
}
