import { describe, expect, it } from 'vitest';
import { currencySymbol } from './currency.ts';

describe('currencySymbol', () => {
  it('gives the narrow symbol of the two currencies, in any case', () => {
    expect(currencySymbol('NGN')).toBe('₦');
    expect(currencySymbol('naira')).toBe('₦');
    expect(currencySymbol('usd')).toBe('$');
  });

  it('falls back to the code for something that is not a currency', () => {
    expect(currencySymbol('NOPE1')).toBe('NOPE1');
  });

  it('has no symbol without a currency, rather than the naira sign', () => {
    expect(currencySymbol('')).toBe('');
  });
});
