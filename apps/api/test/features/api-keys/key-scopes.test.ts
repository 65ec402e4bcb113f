import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  PASSWORD,
  signUpMerchant,
  sqlRows,
  type TestContext,
  testConfig,
  useTestApp,
} from '../../helper.ts';
import { createApp, generateKey, updateApiDetails } from './api-key-fixtures.ts';

describe('what a key may act for', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let other: Merchant;
  let appId: string;
  let siblingId: string;
  let merchantKey: string;
  let appKey: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    other = await signUpMerchant(ctx.app);
    appId = (await createApp(ctx.app, merchant, 'Abuja Shop')).recordId;
    siblingId = (await createApp(ctx.app, merchant, 'Kano Shop')).recordId;
    merchantKey = await generateKey(ctx.app, merchant);
    appKey = await generateKey(ctx.app, merchant, appId);
  });
  afterAll(() => ctx.close());

  const get = (url: string, key: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...bearer(key), ...headers } });

  it("an app's key reads the app itself", async () => {
    const response = await get(`/api/users/${appId}`, appKey);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ recordId: appId, isApp: true });
    const wallets = await get('/api/wallets', appKey);
    expect(wallets.statusCode).toBe(200);
  });

  it("an app's key cannot touch its parent or a sibling: 404, by path, header or body", async () => {
    for (const target of [merchant.userId, siblingId, other.userId]) {
      expect((await get(`/api/users/${target}`, appKey)).statusCode, target).toBe(404);
      expect((await get(`/api/users/${appId}`, appKey, { user_id: target })).statusCode, target).toBe(404);
      const search = await ctx.app.inject({
        method: 'POST',
        url: '/api/transaction/search',
        headers: bearer(appKey),
        payload: { userId: target },
      });
      expect(search.statusCode, target).toBe(404);
    }
  });

  it("a merchant's key acts for the merchant, and for its app with the user_id header", async () => {
    expect((await get(`/api/users/${merchant.userId}`, merchantKey)).json().recordId).toBe(merchant.userId);
    const asApp = await get('/api/wallets', merchantKey, { user_id: appId });
    expect(asApp.statusCode).toBe(200);
    const appWallets = (await get('/api/wallets', appKey)).json();
    expect(asApp.json()).toEqual(appWallets);
    expect((await get(`/api/users/${appId}`, merchantKey)).statusCode).toBe(200);
  });

  it("a merchant's key cannot act for another merchant: 404", async () => {
    expect((await get(`/api/users/${other.userId}`, merchantKey)).statusCode).toBe(404);
    expect((await get('/api/wallets', merchantKey, { user_id: other.userId })).statusCode).toBe(404);
  });

  it('refuses the dashboard-only routes with 401 API_KEY_NOT_ALLOWED, never 403', async () => {
    const refused = [
      {
        method: 'PUT' as const,
        url: `/api/users/${merchant.userId}/change-password`,
        payload: { password: PASSWORD, newPassword: 'N3w!Passw0rdToo', confirmPassword: 'N3w!Passw0rdToo' },
      },
      { method: 'POST' as const, url: `/api/users/${merchant.userId}/two-factor/setup` },
      { method: 'GET' as const, url: `/api/users/${merchant.userId}/two-factor` },
      {
        method: 'PUT' as const,
        url: '/api/users/update-api-details',
        payload: { userId: merchant.userId, generateNewKey: true },
      },
      { method: 'POST' as const, url: `/api/users/${merchant.userId}/sign-out-everywhere` },
      { method: 'POST' as const, url: '/api/auth/logout' },
      {
        method: 'POST' as const,
        url: '/api/users/register?isApp=true',
        payload: { name: 'Sneaky app' },
      },
      { method: 'GET' as const, url: `/api/users/${merchant.userId}/apps` },
      { method: 'DELETE' as const, url: `/api/users/${appId}` },
      // A key pays out at once (ADR 032): where money may go is only ever added by the person.
      {
        method: 'POST' as const,
        url: '/api/bank/add-nigeria-bank',
        payload: {
          userWalletRecordId: appId,
          bankCode: '058',
          accountNumber: '0123456789',
          accountType: 'savings',
        },
      },
      { method: 'POST' as const, url: '/api/users/plaid/link', payload: { userRecordId: merchant.userId } },
      {
        method: 'PUT' as const,
        url: `/api/users/${merchant.userId}/profile`,
        payload: { firstName: 'Ada', lastName: 'Eze', email: merchant.email, phoneNumber: '08031234567' },
      },
    ];
    for (const request of refused) {
      const response = await ctx.app.inject({ ...request, headers: bearer(merchantKey) });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(response.json()).toEqual({
        error: 'This endpoint is not available with an API key.',
        code: 'API_KEY_NOT_ALLOWED',
      });
    }
    // Nothing changed: the password still signs in, the key is the same.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: merchant.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await get('/api/wallets', merchantKey)).statusCode).toBe(200);
  });

  it("deleting the merchant's keys leaves its app's key working", async () => {
    const response = await updateApiDetails(ctx.app, merchant, { deleteKey: true });
    expect(response.statusCode).toBe(200);
    expect((await get('/api/wallets', merchantKey)).statusCode).toBe(401);
    expect((await get('/api/wallets', appKey)).statusCode).toBe(200);
    merchantKey = await generateKey(ctx.app, merchant);
  });

  it("another merchant cannot generate or delete this merchant's keys: 404", async () => {
    for (const body of [{ generateNewKey: true }, { deleteKey: true }, { webhookUrl: 'https://a.example' }]) {
      const response = await updateApiDetails(ctx.app, other, { userId: appId, ...body });
      expect(response.statusCode).toBe(404);
    }
    expect((await get('/api/wallets', appKey)).statusCode).toBe(200);
  });

  it("an archived app's key stops working", async () => {
    const key = await generateKey(ctx.app, merchant, siblingId);
    await sqlRows(ctx.app, sql`update users set archived_at = now() where id = ${siblingId}`);
    expect((await get('/api/wallets', key)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/update-api-details: messages', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  it.each([
    [{ webhookUrl: 'not a url' }, 'Invalid webhook URL'],
    [{ webhookUrl: 'ftp://shop.example.com/hooks' }, 'Invalid webhook URL'],
    [{ webhookUrl: 'javascript:alert(1)' }, 'Invalid webhook URL'],
    [{ webhookUrl: 42 }, 'Invalid webhook URL'],
    [{ webhookUrl: `https://shop.example.com/${'a'.repeat(2100)}` }, 'Invalid webhook URL'],
    [{}, 'Send exactly one of webhookUrl, generateNewKey or deleteKey'],
    [
      { generateNewKey: true, deleteKey: true },
      'Send exactly one of webhookUrl, generateNewKey or deleteKey',
    ],
    [{ generateNewKey: false }, 'generateNewKey must be true'],
    [{ userId: undefined, deleteKey: true }, 'User ID is required'],
    [{ userId: 'nope', deleteKey: true }, 'User ID is invalid'],
  ])('%j -> 400 %s', async (body, message) => {
    const response = await updateApiDetails(ctx.app, merchant, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('answers without a session with 401', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/update-api-details',
      payload: { userId: merchant.userId, generateNewKey: true },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the per-key rate limit', () => {
  const ctx = useTestApp({ apiKeys: { ...testConfig().apiKeys, perMinute: 3 } });

  it('answers 429 with Retry-After once a key has made its requests of the minute; another key is not held back', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const other = await signUpMerchant(ctx.app);
    const key = await generateKey(ctx.app, merchant);
    const otherKey = await generateKey(ctx.app, other);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await ctx.app.inject({ url: '/api/wallets', headers: bearer(key) })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await ctx.app.inject({ url: '/api/wallets', headers: bearer(key) });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await ctx.app.inject({ url: '/api/wallets', headers: bearer(otherKey) })).statusCode).toBe(200);
    // The merchant's session is not counted against its key.
    expect((await ctx.app.inject({ url: '/api/wallets', headers: bearer(merchant.token) })).statusCode).toBe(
      200,
    );
  });
});
