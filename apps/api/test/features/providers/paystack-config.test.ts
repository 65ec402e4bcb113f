import { describe, expect, it } from 'vitest';
import { isTestMode, loadConfig } from '../../../src/config.ts';

const TEST_KEY = 'sk_test_4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c';
const LIVE_KEY = 'sk_live_4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c';

describe('the Paystack settings (issue 24 §1)', () => {
  it('leaves the sandboxes as the default: no Paystack key needed, test mode on', () => {
    const config = loadConfig({});
    expect(config.banks.directoryProvider).toBe('sandbox');
    expect(config.payouts.railProvider).toBe('sandbox');
    expect(config.paystack).toEqual({ secretKey: '', baseUrl: 'https://api.paystack.co' });
    expect(isTestMode(config)).toBe(true);
  });

  it('stops start-up without PAYSTACK_SECRET_KEY once a provider is Paystack, naming the variable and who needs it', () => {
    expect(() => loadConfig({ PAYOUT_RAIL_PROVIDER: 'paystack' })).toThrow(
      /PAYSTACK_SECRET_KEY is required when PAYOUT_RAIL_PROVIDER=paystack/,
    );
    expect(() =>
      loadConfig({ PAYOUT_RAIL_PROVIDER: 'paystack', BANK_DIRECTORY_PROVIDER: 'paystack' }),
    ).toThrow(
      /PAYSTACK_SECRET_KEY is required when BANK_DIRECTORY_PROVIDER=paystack and PAYOUT_RAIL_PROVIDER=paystack/,
    );
  });

  it('refuses a key that is not a Paystack secret key (a public key, a typo), naming the variable', () => {
    for (const key of ['pk_test_abc123', 'sk_demo_abc', 'sk_test_', 'sk_live_abc 123']) {
      expect(() => loadConfig({ BANK_DIRECTORY_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: key })).toThrow(
        /PAYSTACK_SECRET_KEY must be a Paystack secret key/,
      );
    }
  });

  it('takes PAYSTACK_BASE_URL (a stand-in) without its trailing slash, and refuses one that is not a URL', () => {
    const config = loadConfig({
      BANK_DIRECTORY_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: TEST_KEY,
      PAYSTACK_BASE_URL: 'http://127.0.0.1:4320/',
    });
    expect(config.paystack).toEqual({ secretKey: TEST_KEY, baseUrl: 'http://127.0.0.1:4320' });
    expect(() => loadConfig({ PAYSTACK_BASE_URL: 'paystack' })).toThrow(/PAYSTACK_BASE_URL must be a URL/);
  });

  it('is in test mode with a Paystack test key, and while any other provider is a sandbox', () => {
    const paystack = { BANK_DIRECTORY_PROVIDER: 'paystack', PAYOUT_RAIL_PROVIDER: 'paystack' };
    expect(isTestMode(loadConfig({ ...paystack, PAYSTACK_SECRET_KEY: TEST_KEY }))).toBe(true);
    // A live key, but card payments, identity, email and rates are still sandboxes.
    expect(isTestMode(loadConfig({ ...paystack, PAYSTACK_SECRET_KEY: LIVE_KEY }))).toBe(true);
  });
});
