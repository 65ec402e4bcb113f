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
