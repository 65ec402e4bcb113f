import { CURRENCIES, CURRENCY_INFO } from '@bizdash/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';

describe('the new-account hold setting', () => {
  it('defaults to three minutes with the sandbox rail, so test mode is not stopped for a day', () => {
    expect(loadConfig({ PAYOUT_RAIL_PROVIDER: 'sandbox' }).payouts.newAccountHoldHours).toBe(0.05);
  });

  it('takes PAYOUT_NEW_ACCOUNT_HOLD_HOURS when it is set, zero included', () => {
    expect(loadConfig({ PAYOUT_NEW_ACCOUNT_HOLD_HOURS: '24' }).payouts.newAccountHoldHours).toBe(24);
    expect(loadConfig({ PAYOUT_NEW_ACCOUNT_HOLD_HOURS: '0' }).payouts.newAccountHoldHours).toBe(0);
  });

  it('refuses a hold that is not a number of hours from 0 to 720, naming the setting', () => {
    expect(() => loadConfig({ PAYOUT_NEW_ACCOUNT_HOLD_HOURS: 'a day' })).toThrow(
      /PAYOUT_NEW_ACCOUNT_HOLD_HOURS/,
    );
    expect(() => loadConfig({ PAYOUT_NEW_ACCOUNT_HOLD_HOURS: '721' })).toThrow(
      /PAYOUT_NEW_ACCOUNT_HOLD_HOURS/,
    );
  });
});

describe('the payout limits setting', () => {
  it('defaults every currency to its CURRENCY_INFO limits and fees', () => {
    const { payouts } = loadConfig({});
    for (const currency of CURRENCIES) {
      expect(payouts.minimums[currency]).toBe(CURRENCY_INFO[currency].payoutMinimum);
      expect(payouts.dailyLimits[currency]).toBe(CURRENCY_INFO[currency].payoutDailyLimit);
      expect(payouts.fees[currency]).toEqual(CURRENCY_INFO[currency].payoutFees);
    }
  });

  it('takes PAYOUT_LIMITS per currency, then the older PAYOUT_DAILY_LIMIT_<currency>, then the default', () => {
    const { payouts } = loadConfig({
      PAYOUT_LIMITS: '{"NGN":{"minimum":50000,"dailyLimit":700000}}',
      PAYOUT_DAILY_LIMIT_NGN: '300000',
      PAYOUT_DAILY_LIMIT_USD: '5000',
    });
    expect(payouts.minimums).toEqual({ NGN: 50_000, USD: CURRENCY_INFO.USD.payoutMinimum });
    expect(payouts.dailyLimits).toEqual({ NGN: 700_000, USD: 5_000 });
  });

  it('refuses an unknown currency or field, a minimum above the daily limit, or text that is not JSON', () => {
    expect(() => loadConfig({ PAYOUT_LIMITS: '{"EUR":{"minimum":100}}' })).toThrow(/PAYOUT_LIMITS.*EUR/);
    expect(() => loadConfig({ PAYOUT_LIMITS: '{"NGN":{"maximum":100}}' })).toThrow(
      /PAYOUT_LIMITS\.NGN.*maximum/,
    );
    expect(() => loadConfig({ PAYOUT_LIMITS: '{"USD":{"minimum":2000000}}' })).toThrow(
      /PAYOUT_LIMITS: USD: the minimum payout \(2000000\) is above the daily limit \(1000000\)/,
    );
    expect(() => loadConfig({ PAYOUT_LIMITS: 'NGN=100' })).toThrow(
      /PAYOUT_LIMITS: must be JSON, e\.g\. \{"NGN"/,
    );
  });
});
