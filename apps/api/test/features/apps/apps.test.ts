import { AppsResponseSchema, UserSchema } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  countRows,
  fundWallet,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import { createApp, generateKey } from '../api-keys/api-key-fixtures.ts';
import { CARDS, createProduct, startBody } from '../checkout/checkout-fixtures.ts';

describe('apps: register, list, update, delete', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let other: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app, { countryOfBusiness: 'Ghana' });
    other = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  const listApps = async (who: Merchant = merchant) => {
    const response = await ctx.app.inject({
      url: `/api/users/${who.userId}/apps`,
      headers: bearer(who.token),
    });
    expect(response.statusCode).toBe(200);
    return AppsResponseSchema.parse(response.json()).apps;
  };
  const remove = (id: string, who: Merchant = merchant) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(who.token) });
  const put = (id: string, payload: object, who: Merchant = merchant) =>
    ctx.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(who.token), payload });

  it('registers an app as a user with isApp, its name as businessName, and its own NGN and USD wallets', async () => {
    const app = UserSchema.parse(await createApp(ctx.app, merchant, 'Accra Shop'));
    expect(app).toMatchObject({
      isApp: true,
      businessName: 'Accra Shop',
      businessDescription: 'Online store for the Lagos branch',
      countryOfBusiness: 'Ghana',
      apiKey: { apiKey: null, webhookUrl: null },
    });
    expect(app.wallets.map((wallet) => wallet.currency)).toEqual(['NGN', 'USD']);
    const merchantWallets = (
      await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) })
    ).json().wallets as { walletId: string }[];
    expect(app.wallets.map((w) => w.walletId)).not.toEqual(merchantWallets.map((w) => w.walletId));
    // An app never signs in: it has no password of its own.
    expect(
      await countRows(ctx.app, sql`select count(*) as n from credentials where user_id = ${app.recordId}`),
    ).toBe(0);
  });

  it('lists the apps newest first with their wallets, and only the merchant its own', async () => {
    const first = await createApp(ctx.app, merchant, 'First App');
    const second = await createApp(ctx.app, merchant, 'Second App');
    const apps = await listApps();
    expect(apps.slice(0, 2).map((app) => app.recordId)).toEqual([second.recordId, first.recordId]);
    expect(apps[0]?.wallets).toHaveLength(2);
    expect(await listApps(other)).toEqual([]);
  });

  it('says what is wrong with a bad app', async () => {
    for (const [payload, message] of [
      [{}, 'App name is required'],
      [{ name: 'A' }, 'Must be at least 2 characters long'],
      [{ name: 'x'.repeat(101) }, 'App name is at most 100 characters'],
      [{ name: 'Fine', description: 7 }, 'Description must be text'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/register?isApp=true',
        headers: bearer(merchant.token),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const withoutFlag = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(merchant.token),
      payload: { name: 'Fine' },
    });
    expect(withoutFlag.statusCode).toBe(400);
    expect(withoutFlag.json().error).toBe('Only apps are registered here: add ?isApp=true');
  });

  it('an app cannot have apps: registering while acting for an app is a 400', async () => {
    const app = await createApp(ctx.app, merchant, 'Parent App');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register?isApp=true',
      headers: { ...bearer(merchant.token), user_id: app.recordId },
      payload: { name: 'Child App' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'An app cannot have apps of its own. Switch back to the business to add an app.',
    );
    const appsOfApp = await ctx.app.inject({
      url: `/api/users/${app.recordId}/apps`,
      headers: bearer(merchant.token),
    });
    expect(appsOfApp.json()).toEqual({ apps: [] });
  });

  it('renames an app with PUT /api/users/{appId}; the company details contract still holds for it', async () => {
    const app = await createApp(ctx.app, merchant, 'Old Name');
    const renamed = await put(app.recordId, { name: 'New Name', description: 'Now selling shoes' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      businessName: 'New Name',
      businessDescription: 'Now selling shoes',
    });

    const company = await put(app.recordId, {
      businessName: 'New Name',
      countryOfBusiness: 'Ghana',
      businessDescription: 'Shoes and bags for the whole family',
      checkoutLogUrl: '',
      chargeCheckoutFeeToCustomer: true,
    });
    expect(company.statusCode).toBe(200);
    expect(company.json()).toMatchObject({ chargeCheckoutFeeToCustomer: true, businessName: 'New Name' });

    const tooShort = await put(app.recordId, { name: 'N' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error).toBe('Must be at least 2 characters long');
    // A body that is neither shape is judged as the company form, whose messages stay as they were.
    const nothing = await put(app.recordId, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toBe('Company Name is required');
    const badName = await put(app.recordId, { name: 7 });
    expect(badName.json().error).toBe('App name must be text');
  });

  it('does not rename the merchant itself', async () => {
    const response = await put(merchant.userId, { name: 'Renamed Business' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'Only an app is renamed here. Send the company details to change the business description.',
    );
  });

  it("answers another merchant's app with 404 everywhere", async () => {
    const app = await createApp(ctx.app, merchant, 'Private App');
    expect(
      (await ctx.app.inject({ url: `/api/users/${app.recordId}`, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
    expect((await put(app.recordId, { name: 'Hijacked' }, other)).statusCode).toBe(404);
    expect((await remove(app.recordId, other)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/users/${app.recordId}/apps`, headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
    expect((await listApps()).some((listed) => listed.recordId === app.recordId)).toBe(true);
  });

  it('erases an app that never held money nor did anything', async () => {
    const app = await createApp(ctx.app, merchant, 'Short Lived');
    const key = await generateKey(ctx.app, merchant, app.recordId);
    const response = await remove(app.recordId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recordId: app.recordId, outcome: 'ERASED', message: 'App deleted.' });
    expect(await countRows(ctx.app, sql`select count(*) as n from users where id = ${app.recordId}`)).toBe(0);
    expect((await ctx.app.inject({ url: '/api/wallets', headers: bearer(key) })).statusCode).toBe(401);
    expect((await remove(app.recordId)).statusCode).toBe(404);
  });

  it('erases an app with a product nobody paid, a key and a webhook: they go with it', async () => {
    const app = await createApp(ctx.app, merchant, 'Quiet Shop');
    await generateKey(ctx.app, merchant, app.recordId);
    await createProduct(ctx.app, merchant, { productName: 'Unsold hat', quantityAvailable: 1 }, app.recordId);
    const webhook = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/update-api-details',
      headers: bearer(merchant.token),
      payload: { userId: app.recordId, webhookUrl: 'https://quiet.example.com/hooks' },
    });
    expect(webhook.statusCode).toBe(200);
    const response = await remove(app.recordId);
    expect(response.json()).toMatchObject({ outcome: 'ERASED' });
    expect(
      await countRows(ctx.app, sql`select count(*) as n from products where user_id = ${app.recordId}`),
    ).toBe(0);
    expect(
      await countRows(ctx.app, sql`select count(*) as n from api_keys where user_id = ${app.recordId}`),
    ).toBe(0);
  });

  it('archives an app with money: kept, listed as archived while it holds money, its keys refused', async () => {
    const app = await createApp(ctx.app, merchant, 'Has Money');
    const key = await generateKey(ctx.app, merchant, app.recordId);
    const ngn = app.wallets.find((wallet) => wallet.currency === 'NGN')?.walletId as string;
    await fundWallet(ctx.app, ngn, 10_000);
    const response = await remove(app.recordId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ recordId: app.recordId, outcome: 'ARCHIVED' });
    expect(response.json().message).toContain('its records are kept');
    expect(await countRows(ctx.app, sql`select count(*) as n from users where id = ${app.recordId}`)).toBe(1);
    expect((await listApps()).find((listed) => listed.recordId === app.recordId)).toMatchObject({
      archivedAt: expect.any(String),
      wallets: app.wallets,
    });
    // The merchant can still act for it to move the money out.
    const wallets = await ctx.app.inject({
      url: '/api/wallets',
      headers: { ...bearer(merchant.token), user_id: app.recordId },
    });
    expect(wallets.json().wallets).toContainEqual(
      expect.objectContaining({ walletId: ngn, availableBalance: 10_000 }),
    );
    // Once its money is gone it leaves the list.
    await sqlRows(ctx.app, sql`update wallets set balance = 0 where user_id = ${app.recordId}`);
    expect((await listApps()).some((listed) => listed.recordId === app.recordId)).toBe(false);
    expect((await ctx.app.inject({ url: '/api/wallets', headers: bearer(key) })).statusCode).toBe(401);
    const renamed = await put(app.recordId, { name: 'Back again' });
    expect(renamed.statusCode).toBe(404);
    expect((await remove(app.recordId)).statusCode).toBe(404);
  });

  it("stops selling an archived app's products: its payment link says unavailable and takes no payment", async () => {
    const app = await createApp(ctx.app, merchant, 'Closed Shop');
    const product = await createProduct(ctx.app, merchant, { productName: 'Zobo' }, app.recordId);
    await fundWallet(ctx.app, app.wallets[0]?.walletId as string, 5_000);
    expect((await remove(app.recordId)).json()).toMatchObject({ outcome: 'ARCHIVED' });

    const shown = await ctx.app.inject({ url: `/api/checkout/products/${product.recordId}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ availability: 'ARCHIVED', quantityAvailable: 0 });
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/checkout/products/${product.recordId}/payments`,
      headers: { 'idempotency-key': `key-${product.recordId}` },
      payload: startBody(CARDS.visaApproved),
    });
    expect(started.statusCode).toBe(409);
    expect(started.json()).toMatchObject({
      error: 'This product is no longer available.',
      code: 'PRODUCT_ARCHIVED',
    });
    expect(
      await countRows(
        ctx.app,
        sql`select count(*) as n from checkout_payments where user_id = ${app.recordId}`,
      ),
    ).toBe(0);
  });

  it('does not delete the merchant itself', async () => {
    const response = await remove(merchant.userId);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'Only apps can be deleted here. Your business account itself cannot be deleted.',
    );
  });
});
