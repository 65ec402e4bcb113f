import { normalizeCurrencyCode, toMajorUnits } from './money.ts';

const compactFormatters = new Map<string, Intl.NumberFormat>();

/** Short money for chart axes and summaries: '₦1.2M', '$950'. Minor units in, like formatMoney. */
export function formatCompactMoney(minor: number, currency: string): string {
  const code = normalizeCurrencyCode(currency);
  let formatter = compactFormatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    compactFormatters.set(code, formatter);
  }
  return formatter.format(toMajorUnits(minor, code));
}

/**
 * Round axis ticks from zero up to at least `max` (minor units): steps of 1, 2, 2.5 or 5 times a power of ten
 * of major units, so every label is a whole, readable amount.
 */
export function niceTicks(max: number, targetCount = 5, minorPerMajor = 100): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0];
  const rawStep = max / minorPerMajor / targetCount;
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((value) => value >= rawStep);
  const stepMinor = Math.max(1, Math.round((step ?? rawStep) * minorPerMajor));
  const ticks: number[] = [0];
  while ((ticks.at(-1) ?? 0) < max) ticks.push((ticks.at(-1) ?? 0) + stepMinor);
  return ticks;
}
