import { describe, expect, it } from 'vitest';
import {
  currencyLabel,
  formatMoney,
  formatSignedMoney,
  normalizeCurrencyCode,
  parseMajorUnits,
} from './money.ts';

describe('formatMoney', () => {
  it('formats naira from kobo with the narrow symbol', () => {
    expect(formatMoney(123_456, 'NGN')).toBe('₦1,234.56');
  });

  it('has no currency of its own: without one it refuses instead of showing naira', () => {
    // @ts-expect-error the currency is required
    expect(() => formatMoney(123_456)).toThrow(RangeError);
    expect(() => formatMoney(123_456, '')).toThrow(RangeError);
  });

  it('formats dollars from cents', () => {
    expect(formatMoney(99, 'USD')).toBe('$0.99');
    expect(formatMoney(1_000_000_00, 'usd')).toBe('$1,000,000.00');
  });

  it('treats "naira" in any case as NGN', () => {
    expect(formatMoney(500, 'Naira')).toBe('₦5.00');
  });

  it('shows debits with a minus sign and credits without', () => {
    expect(formatSignedMoney(2_500, 'NGN', 'DEBIT')).toBe('-₦25.00');
    expect(formatSignedMoney(2_500, 'NGN', 'CREDIT')).toBe('₦25.00');
  });
});

describe('normalizeCurrencyCode', () => {
  it.each([
    ['naira', 'NGN'],
    ['NAIRA', 'NGN'],
    ['NaIrA', 'NGN'],
    ['ngn', 'NGN'],
    ['usd', 'USD'],
    [null, ''],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeCurrencyCode(input)).toBe(expected);
  });
});

describe('currencyLabel', () => {
  it('names the two supported currencies and nothing else', () => {
    expect(currencyLabel('NGN')).toBe('Naira (₦)');
    expect(currencyLabel('naira')).toBe('Naira (₦)');
    expect(currencyLabel('USD')).toBe('Dollars ($)');
    expect(currencyLabel('EUR')).toBe('N/A');
    expect(currencyLabel(undefined)).toBe('N/A');
  });
});

describe('parseMajorUnits', () => {
  it.each([
    ['2,500', 'NGN', 250_000],
    ['2500.5', 'NGN', 250_050],
    ['₦2,500.00', 'NGN', 250_000],
    [' ₦ 1,000,000 ', 'NGN', 100_000_000],
    ['0.01', 'NGN', 1],
    ['12.34', 'USD', 1_234],
    ['$1,000,000.00', 'USD', 100_000_000],
    ['100', 'naira', 10_000],
    ['90,071,992,547,409.91', 'NGN', Number.MAX_SAFE_INTEGER],
  ])('reads %j in %s as %d minor units', (text, currency, minor) => {
    expect(parseMajorUnits(text, currency)).toBe(minor);
  });

  it('reads only the symbol of the currency it is given', () => {
    expect(parseMajorUnits('₦25', 'USD')).toBeNull();
    expect(parseMajorUnits('$25', 'USD')).toBe(2_500);
  });

  it.each([
    '',
    '   ',
    'abc',
    '-5',
    '+5',
    '2.505',
    '.5',
    '1e3',
    '2 500',
    '₦₦5',
    'NGN 5',
    '5 naira',
    '90071992547409.92',
    '99999999999999999999',
    '2,50',
    '1,2,3',
    '12,34.5',
    '$5',
  ])('refuses %j: not a plain amount within the minor digits and safe integers', (text) => {
    expect(parseMajorUnits(text, 'NGN')).toBeNull();
  });

  it('gives back the amount formatMoney shows, whatever the amount', () => {
    for (const minor of [1, 99, 100, 123_456, 250_000, 100_000_000_00]) {
      expect(parseMajorUnits(formatMoney(minor, 'NGN'), 'NGN')).toBe(minor);
      expect(parseMajorUnits(formatMoney(minor, 'USD'), 'USD')).toBe(minor);
    }
  });
});
