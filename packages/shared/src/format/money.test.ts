import { describe, expect, it } from 'vitest';
import { currencyLabel, formatMoney, formatSignedMoney, normalizeCurrencyCode } from './money.ts';

describe('formatMoney', () => {
  it('formats minor units as naira by default with the narrow symbol', () => {
    expect(formatMoney(123_456)).toBe('₦1,234.56');
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
