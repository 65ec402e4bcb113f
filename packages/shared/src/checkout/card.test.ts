import { describe, expect, it } from 'vitest';
import { cardBrand, formatCardNumber, isCardExpired, parseCardExpiry, passesLuhn } from './card.ts';

describe('passesLuhn', () => {
  it.each([
    '4242424242424242',
    '5555555555554444',
    '5061000000000005',
    '4000000000000002',
    '4000000000009995',
    '378282246310005',
    '222100000000000',
  ])('accepts the valid number %s', (number) => {
    expect(passesLuhn(number)).toBe(true);
  });

  it('catches one mistyped digit and two swapped neighbours', () => {
    expect(passesLuhn('4242424242424243')).toBe(false);
    expect(passesLuhn('4242424242424224')).toBe(false);
    expect(passesLuhn('5555555555555444')).toBe(false);
  });

  it('accepts only 12 to 19 plain digits', () => {
    expect(passesLuhn('000000000000')).toBe(true);
    expect(passesLuhn('00000000000')).toBe(false);
    expect(passesLuhn('0000000000000000000')).toBe(true);
    expect(passesLuhn('00000000000000000000')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'VISA'],
    ['4000000000000002', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['5105105105105100', 'MASTERCARD'],
    ['2221000000000009', 'MASTERCARD'],
    ['2720990000000000', 'MASTERCARD'],
    ['5061000000000005', 'VERVE'],
    ['5060990580000217', 'VERVE'],
    ['5078000000000000', 'VERVE'],
    ['5079000000000000', 'VERVE'],
    ['6500020000000000', 'VERVE'],
    ['378282246310005', 'AMEX'],
    ['341111111111111', 'AMEX'],
    ['6011111111111117', 'UNKNOWN'],
    ['2220990000000000', 'UNKNOWN'],
    ['2721000000000000', 'UNKNOWN'],
    ['5000000000000000', 'UNKNOWN'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('parseCardExpiry', () => {
  it.each([
    ['12/30', { month: 12, year: 2030 }],
    ['01/27', { month: 1, year: 2027 }],
    ['1/27', { month: 1, year: 2027 }],
    [' 07 / 2031 ', { month: 7, year: 2031 }],
  ])('reads %j as a month and a four-digit year', (text, expiry) => {
    expect(parseCardExpiry(text)).toEqual(expiry);
  });

  it.each(['', '00/30', '13/30', '1230', '12/3', '12/030', '12-30', 'ab/cd', '12/30/1'])(
    'refuses %j',
    (text) => {
      expect(parseCardExpiry(text)).toBeNull();
    },
  );
});

describe('isCardExpired', () => {
  it('keeps a card good through the last moment of its expiry month (UTC)', () => {
    const march2025 = { month: 3, year: 2025 };
    expect(isCardExpired(march2025, new Date('2025-03-01T00:00:00.000Z'))).toBe(false);
    expect(isCardExpired(march2025, new Date('2025-03-31T23:59:59.999Z'))).toBe(false);
    expect(isCardExpired(march2025, new Date('2025-04-01T00:00:00.000Z'))).toBe(true);
    expect(isCardExpired(march2025, new Date('2025-02-28T12:00:00.000Z'))).toBe(false);
  });

  it('rolls over the year at the end of December', () => {
    const december = { month: 12, year: 2025 };
    expect(isCardExpired(december, new Date('2025-12-31T23:59:59.999Z'))).toBe(false);
    expect(isCardExpired(december, new Date('2026-01-01T00:00:00.000Z'))).toBe(true);
    expect(isCardExpired({ month: 1, year: 2026 }, new Date('2025-12-31T23:59:59.999Z'))).toBe(false);
  });
});

describe('formatCardNumber', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 42', '4242 4242 42'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['42424242424242424242', '4242 4242 4242 4242 424'],
    ['', ''],
  ])('shows %j as %j', (input, shown) => {
    expect(formatCardNumber(input)).toBe(shown);
  });
});
