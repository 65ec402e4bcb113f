import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';

const PER_MINUTE = 5;
const UNKNOWN_KEY = `bzk_test_${'x'.repeat(43)}`;
const FORGED_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.c2lnbmF0dXJl';

describe('refused API keys and bearer tokens are limited per address', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let key: string;
  beforeAll(async () => {
    ctx = await buildTestApp({
      rateLimit: {
        ipPerMinute: PER_MINUTE,
        accountPer15Minutes: 100_000,
        accountAcrossIpsPer15Minutes: 100_000,
        checkoutPerMinute: 100_000,
      },
    });
    merchant = await signUpMerchant(ctx.app);
    key = await generateKey(ctx.app, merchant);
  });
  afterAll(() => ctx.close());

  const wallets = (token: string, remoteAddress: string) =>
    ctx.app.inject({ url: '/api/wallets', headers: bearer(token), remoteAddress });

  it(`answers 429 with Retry-After once an address has had ${PER_MINUTE} keys or tokens refused in a minute`, async () => {
    const address = '203.0.113.10';
    for (let guess = 0; guess < PER_MINUTE; guess++) {
      const refused = await wallets(guess % 2 ? FORGED_TOKEN : UNKNOWN_KEY, address);
      expect(refused.statusCode).toBe(401);
    }
    for (const token of [UNKNOWN_KEY, FORGED_TOKEN]) {
      const limited = await wallets(token, address);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        error: 'Too many attempts. Try again in 1 minute.',
        code: 'RATE_LIMITED',
      });
    }
  });

  it('lets valid keys and sessions through from an address that is being limited', async () => {
    const address = '203.0.113.20';
    for (let guess = 0; guess <= PER_MINUTE; guess++) await wallets(UNKNOWN_KEY, address);
    expect((await wallets(UNKNOWN_KEY, address)).statusCode).toBe(429);
    expect((await wallets(key, address)).statusCode).toBe(200);
    expect((await wallets(merchant.token, address)).statusCode).toBe(200);
  });

  it('counts only refusals, and each address on its own', async () => {
    const busy = '203.0.113.30';
    for (let request = 0; request < PER_MINUTE * 3; request++) {
      expect((await wallets(key, busy)).statusCode).toBe(200);
    }
    expect((await wallets(UNKNOWN_KEY, busy)).statusCode).toBe(401);

    for (let guess = 0; guess <= PER_MINUTE; guess++) await wallets(UNKNOWN_KEY, '203.0.113.40');
    expect((await wallets(UNKNOWN_KEY, '203.0.113.41')).statusCode).toBe(401);
  });
});
