import { CURRENCY_INFO, isCurrency } from '../constants.ts';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** 'naira' in any case, or 'ngn', is shown as NGN; other codes are upper-cased. */
export function normalizeCurrencyCode(code: string | null | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  return upper === 'NAIRA' ? 'NGN' : upper;
}

function minorDigits(currency: string): number {
  return isCurrency(currency) ? CURRENCY_INFO[currency].minorDigits : 2;
}

export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(normalizeCurrencyCode(currency));
}

/**
 * Formats integer minor units (kobo, cents) as money: English locale, narrow symbol. The currency is always the
 * amount's own: there is no default, so an amount is never shown in naira by accident (Intl refuses a blank code).
 */
export function formatMoney(minor: number, currency: string): string {
  const code = normalizeCurrencyCode(currency);
  return formatterFor(code).format(toMajorUnits(minor, code));
}

/** Debits are shown with a minus sign; credits as they are. */
export function formatSignedMoney(minor: number, currency: string, type: 'CREDIT' | 'DEBIT'): string {
  const formatted = formatMoney(Math.abs(minor), currency);
  return type === 'DEBIT' ? `-${formatted}` : formatted;
}

export function currencyLabel(code: string | null | undefined): string {
  const currency = normalizeCurrencyCode(code);
  return isCurrency(currency) ? `${CURRENCY_INFO[currency].name} (${CURRENCY_INFO[currency].symbol})` : 'N/A';
}

/** Plain decimal major units for files (CSV): exact integer arithmetic, no symbol, no grouping. */
export function formatMajorUnitsPlain(minor: number, currency: string): string {
  const digits = minorDigits(normalizeCurrencyCode(currency));
  const scale = 10 ** digits;
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  const fraction = digits > 0 ? `.${String(absolute % scale).padStart(digits, '0')}` : '';
  return `${sign}${Math.trunc(absolute / scale)}${fraction}`;
}

/**
 * A price typed by a person ("2,500", "2500.5", "₦2,500.00") as integer minor units; null when it is not a
 * plain amount with at most the currency's minor digits. Exact: no float arithmetic on money.
 */
export function parseMajorUnits(text: string, currency: string): number | null {
  const code = normalizeCurrencyCode(currency);
  const digits = minorDigits(code);
  const symbol = code === 'USD' ? '$' : code === 'NGN' ? '₦' : null;
  let cleaned = text.trim();
  if (symbol && cleaned.startsWith(symbol)) cleaned = cleaned.slice(symbol.length).trim();
  // Commas only as thousands separators ("2,500"), never "2,50".
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d*)?$/.test(cleaned)) return null;
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned.replace(/,/g, ''));
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}
