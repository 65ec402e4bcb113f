import { UserSchema } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';
import { createApp, generateKey, updateApiDetails } from './api-key-fixtures.ts';

describe('an API key never reads a key or a signing secret', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let appId: string;
  let replacedKey: string;
  let currentKey: string;
  let appKey: string;
  const secrets: string[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    appId = (await createApp(ctx.app, merchant)).recordId;
    replacedKey = await generateKey(ctx.app, merchant);
    currentKey = await generateKey(ctx.app, merchant);
    appKey = await generateKey(ctx.app, merchant, appId);
    for (const userId of [merchant.userId, appId]) {
      const webhook = await updateApiDetails(ctx.app, merchant, {
        userId,
        webhookUrl: 'https://shop.example.com/hooks',
      });
      secrets.push(webhook.json().webhookSecret);
    }
    secrets.push(replacedKey, currentKey, appKey);
  });
  afterAll(() => ctx.close());

  const keyCases = () => [
    { name: 'the current key', key: currentKey, userId: merchant.userId },
    { name: 'a replaced key in its overlap', key: replacedKey, userId: merchant.userId },
    { name: "an app's key", key: appKey, userId: appId },
  ];

  const expectNoSecret = (body: string) => {
    for (const secret of secrets) expect(body).not.toContain(secret);
    // The audit trail names the key a request was made with by its prefix (mode and four characters), no more.
    const withoutPrefixes = body.replace(/bzk_(test|live)_[0-9A-Za-z]{4}(?![0-9A-Za-z])/g, '');
    expect(withoutPrefixes).not.toMatch(/bzk_|whsec_/);
  };

  it('GET /api/users/{id} answers a key the apiKey object without the key and the secret', async () => {
    for (const { name, key, userId } of keyCases()) {
      const response = await ctx.app.inject({ url: `/api/users/${userId}`, headers: bearer(key) });
      expect(response.statusCode, name).toBe(200);
      const user = UserSchema.parse(response.json());
      expect(user.apiKey, name).toMatchObject({
        apiKey: null,
        webhookSecret: null,
        webhookUrl: 'https://shop.example.com/hooks',
      });
      expectNoSecret(response.body);
    }
  });

  it('PUT /api/users/{id} answers a key the same way', async () => {
    for (const { name, key, userId } of keyCases()) {
      const current = UserSchema.parse(
        (await ctx.app.inject({ url: `/api/users/${userId}`, headers: bearer(merchant.token) })).json(),
      );
      const payload = current.isApp
        ? { name: 'Lagos Shop', description: 'Online store for the Lagos branch' }
        : {
            businessName: current.businessName,
            countryOfBusiness: current.countryOfBusiness,
            businessDescription: 'Fabrics and tailoring in Lagos',
            checkoutLogUrl: '',
            chargeCheckoutFeeToCustomer: false,
          };
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${userId}`,
        headers: bearer(key),
        payload,
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      expect(UserSchema.parse(response.json()).apiKey, name).toMatchObject({
        apiKey: null,
        webhookSecret: null,
      });
      expectNoSecret(response.body);
    }
  });

  it('no GET route a key may call answers a key or a signing secret', async () => {
    const routes = ctx.app.signedInRoutes.filter((route) => route.method === 'GET');
    expect(routes.length).toBeGreaterThan(5);
    for (const { name, key, userId } of keyCases()) {
      for (const route of routes) {
        const url = route.url.replace(':userId', userId).replace(/:\w+/g, crypto.randomUUID());
        const response = await ctx.app.inject({ url, headers: bearer(key) });
        expect(response.statusCode, `${name} ${url}`).toBeLessThan(500);
        expect(response.statusCode, `${name} ${url}`).not.toBe(429);
        expectNoSecret(response.body);
      }
    }
  });

  it('the signed-in session still reads the key and the secret', async () => {
    const response = await ctx.app.inject({
      url: `/api/users/${merchant.userId}`,
      headers: bearer(merchant.token),
    });
    const { apiKey } = UserSchema.parse(response.json());
    expect(apiKey.apiKey).toBe(currentKey);
    expect(apiKey.webhookSecret).toBe(secrets[0]);
  });
});
