import { describe, expect, it } from 'vitest';
import { isTestMode, loadConfig } from '../../../src/config.ts';
import { buildTestApp, testConfig } from '../../helper.ts';

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

  it('is in test mode with a Paystack test key, and while any money provider is a sandbox', () => {
    const paystack = { BANK_DIRECTORY_PROVIDER: 'paystack', PAYOUT_RAIL_PROVIDER: 'paystack' };
    expect(isTestMode(loadConfig({ ...paystack, PAYSTACK_SECRET_KEY: TEST_KEY }))).toBe(true);
    // A live key, but card payments are still the sandbox's.
    expect(isTestMode(loadConfig({ ...paystack, PAYSTACK_SECRET_KEY: LIVE_KEY }))).toBe(true);
    const allThree = { ...paystack, PAYMENTS_PROVIDER: 'paystack', PUBLIC_URL: 'https://pay.example.com' };
    expect(isTestMode(loadConfig({ ...allThree, PAYSTACK_SECRET_KEY: TEST_KEY }))).toBe(true);
    // Live keys for payments, name enquiry and payouts: real money moves (identity, rates, email have no say).
    expect(isTestMode(loadConfig({ ...allThree, PAYSTACK_SECRET_KEY: LIVE_KEY }))).toBe(false);
  });
});

describe('an instance with live Paystack keys for every money provider', () => {
  it('says live mode on /api/health and in the API reference', async () => {
    const defaults = testConfig();
    const ctx = await buildTestApp({
      publicUrl: 'https://pay.example.com',
      checkout: { ...defaults.checkout, paymentsProvider: 'paystack' },
      banks: { ...defaults.banks, directoryProvider: 'paystack' },
      payouts: { ...defaults.payouts, railProvider: 'paystack' },
      // Nothing here calls Paystack: an address that answers nothing.
      paystack: { secretKey: LIVE_KEY, baseUrl: 'http://127.0.0.1:9' },
    });
    try {
      expect((await ctx.app.inject({ url: '/api/health' })).json()).toMatchObject({ testMode: false });
      const reference = (await ctx.app.inject({ url: '/api/docs/json' })).json();
      expect(reference.info.description).toContain('**Live mode**: card payments, name enquiry and payouts');
      expect(reference.info.description).not.toContain('Test mode');
    } finally {
      await ctx.close();
    }
  });
});
