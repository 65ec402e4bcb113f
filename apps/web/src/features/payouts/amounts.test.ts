import { CURRENCY_INFO } from '@bizdash/shared';
import { describe, expect, it } from 'vitest';
import {
  canPayOut,
  checkAmount,
  holdEndsAt,
  holdLeftText,
  holdLengthText,
  isOnHold,
  largestPayout,
} from './amounts';

const NGN = {
  currency: 'NGN' as const,
  balance: 2_000_000,
  minimum: 10_000,
  dailyLimit: 500_000_000,
  usedToday: 0,
  feeTiers: CURRENCY_INFO.NGN.payoutFees,
};

describe('checkAmount', () => {
  it('reads major units exactly, where float arithmetic would lose a kobo', () => {
    // parseFloat('128.14') * 100 is 12813.999...
    expect(checkAmount('128.14', NGN)).toEqual({ amount: 12_814, fee: 1_000, total: 13_814, error: null });
    expect(checkAmount('₦5,000.50', NGN)).toMatchObject({ amount: 500_050, fee: 2_500, total: 502_550 });
  });

  it('takes the fee of the band the amount falls in', () => {
    expect(checkAmount('5000', NGN).fee).toBe(1_000);
    expect(checkAmount('5000.01', NGN).fee).toBe(2_500);
    expect(checkAmount('12,345', { ...NGN, balance: 600_000_000 }).fee).toBe(2_500);
    expect(checkAmount('50,000.01', { ...NGN, balance: 600_000_000 }).fee).toBe(5_000);
  });

  it('says what is wrong, in the order the merchant can act on', () => {
    expect(checkAmount('  ', NGN).error).toBe('Enter an amount');
    expect(checkAmount('12.345', NGN).error).toBe('Enter an amount like 5,000 or 2,500.50');
    expect(checkAmount('1,00', NGN).error).toBe('Enter an amount like 5,000 or 2,500.50');
    expect(checkAmount('0', NGN).error).toBe('Enter an amount greater than zero');
    expect(checkAmount('99.99', NGN).error).toBe('The minimum payout is ₦100.00');
    expect(checkAmount('600', { ...NGN, dailyLimit: 100_000, usedToday: 50_000 }).error).toBe(
      'This is more than your daily limit allows: ₦500.00 left for the next 24 hours',
    );
    expect(checkAmount('100', { ...NGN, dailyLimit: 100_000, usedToday: 100_000 }).error).toMatch(
      /^You have reached your daily payout limit/,
    );
    expect(checkAmount('19,995', NGN).error).toBe(
      'Your balance cannot cover this amount and its ₦25.00 fee. You can pay out up to ₦19,975.00',
    );
    expect(checkAmount('19,975', NGN).error).toBeNull();
  });
});

describe('largestPayout', () => {
  it('is the most whose amount and fee fit the balance', () => {
    expect(largestPayout(510_000, CURRENCY_INFO.NGN.payoutFees)).toBe(507_500);
    // Just over a band's top, the lower band's top pays more than the next band allows.
    expect(largestPayout(501_500, CURRENCY_INFO.NGN.payoutFees)).toBe(500_000);
    expect(largestPayout(10_000, CURRENCY_INFO.USD.payoutFees)).toBe(9_900);
    expect(largestPayout(50, CURRENCY_INFO.USD.payoutFees)).toBe(0);
  });
});

describe('canPayOut', () => {
  it('needs the minimum and its fee', () => {
    expect(canPayOut({ ...NGN, balance: 11_000 })).toBe(true);
    expect(canPayOut({ ...NGN, balance: 10_999 })).toBe(false);
  });
});

describe('the new-account hold', () => {
  it('ends holdHours after the account was added', () => {
    const account = { createdAt: '2026-03-05T10:00:00.000Z' };
    expect(holdEndsAt(account, 24).toISOString()).toBe('2026-03-06T10:00:00.000Z');
    expect(isOnHold(account, 24, Date.parse('2026-03-06T09:59:59.000Z'))).toBe(true);
    expect(isOnHold(account, 24, Date.parse('2026-03-06T10:00:00.000Z'))).toBe(false);
    expect(isOnHold(account, 0, Date.parse('2026-03-05T10:00:00.000Z'))).toBe(false);
  });
});

describe('the hold in words', () => {
  it('says how long a hold lasts, in minutes when it is shorter than an hour', () => {
    expect(holdLengthText(24)).toBe('24 hours');
    expect(holdLengthText(1)).toBe('1 hour');
    expect(holdLengthText(0.05)).toBe('3 minutes');
    expect(holdLengthText(1 / 60)).toBe('1 minute');
  });

  it('says what is left of a hold, minutes rounded up', () => {
    const endsAt = new Date('2026-03-06T10:00:00.000Z');
    const ahead = (ms: number) => endsAt.getTime() - ms;
    expect(holdLeftText(endsAt, ahead(59_000))).toBe('less than a minute');
    expect(holdLeftText(endsAt, ahead(2 * 60_000 + 1))).toBe('3 min');
    expect(holdLeftText(endsAt, ahead(3_600_000))).toBe('1 h');
    expect(holdLeftText(endsAt, ahead(21 * 3_600_000 + 4 * 60_000 + 30_000))).toBe('21 h 5 min');
  });
});
