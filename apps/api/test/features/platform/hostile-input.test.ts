import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  countRows,
  type Merchant,
  merchantInput,
  signUpMerchant,
  type TestContext,
} from '../../helper.ts';
import { createProduct, sellerWithProduct, startBody } from '../checkout/checkout-fixtures.ts';

/*
 * Input an attacker (or a broken client) sends: control characters, impossible dates, wrong types, huge texts.
 * Each gets a 400 that names the field, and changes nothing.
 */
const NUL = '\u0000';

describe('hostile input gets a clear 400 and changes nothing', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  const usersCount = () => countRows(ctx.app, sql`select count(*) as n from users`);

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  const detailsOf = (body: string) => (JSON.parse(body).details ?? []) as { path: string; message: string }[];

  it.each([
    ['firstName', 'First Name'],
    ['lastName', 'Last Name'],
    ['businessName', 'Company Name'],
    ['countryOfBusiness', 'Country of Business'],
  ] as const)('refuses a NUL character in sign-up %s', async (field, label) => {
    const before = await usersCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: merchantInput({ [field]: `Ada${NUL}eze` }),
    });

    expect(response.statusCode).toBe(400);
    expect(detailsOf(response.body)).toContainEqual({
      path: field,
      message: `${label} contains a character that is not allowed`,
    });
    expect(await usersCount()).toBe(before);
  });

  it('refuses names longer than a name, and says how long they may be', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: merchantInput({ firstName: 'A'.repeat(5_000), businessName: 'B'.repeat(101) }),
    });

    expect(response.statusCode).toBe(400);
    expect(detailsOf(response.body)).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First Name is at most 50 characters' },
        { path: 'businessName', message: 'Company Name is at most 100 characters' },
      ]),
    );
  });

  it('stores a phone number written with spaces and dashes as digits', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: merchantInput({ phoneNumber: '+234 803-123-4567' }),
    });
    expect(response.statusCode).toBe(201);
    const { userId, token } = response.json();

    const me = await ctx.app.inject({ url: `/api/users/${userId}`, headers: bearer(token) });

    expect(me.json().phoneNumber).toBe('+2348031234567');
  });

  it.each([
    ['productName', 'Product name'],
    ['description', 'Description'],
  ] as const)('refuses a NUL character in a product %s', async (field, label) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(merchant.token),
      payload: {
        productName: 'Zobo drink',
        amount: 50_000,
        currency: 'NGN',
        quantityAvailable: 5,
        [field]: `Zobo${NUL}drink`,
      },
    });

    expect(response.statusCode).toBe(400);
    expect(detailsOf(response.body)).toContainEqual({
      path: field,
      message: `${label} contains a character that is not allowed`,
    });
  });

  it('keeps line breaks in a product description', async () => {
    const product = await createProduct(ctx.app, merchant, { description: 'Chilled\nin 50cl bottles\tx6' });
    expect(product.description).toBe('Chilled\nin 50cl bottles\tx6');
  });

  it('says a quantity sent as text must be a number, on products and at checkout', async () => {
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(merchant.token),
      payload: { productName: 'Zobo drink', amount: 50_000, currency: 'NGN', quantityAvailable: '2' },
    });
    expect(detailsOf(product.body)).toContainEqual({
      path: 'quantityAvailable',
      message: 'Quantity must be a number',
    });

    const { productId } = await sellerWithProduct(ctx.app);
    const payment = await ctx.app.inject({
      method: 'POST',
      url: `/api/checkout/products/${productId}/payments`,
      headers: { 'idempotency-key': 'hostile-quantity-text' },
      payload: startBody(undefined, { quantity: '2' }),
    });
    expect(payment.statusCode).toBe(400);
    expect(detailsOf(payment.body)).toContainEqual({
      path: 'quantity',
      message: 'Quantity must be a number',
    });
  });

  it("refuses a NUL character in the checkout customer's name, and opens no payment", async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/checkout/products/${productId}/payments`,
      headers: { 'idempotency-key': 'hostile-customer-name' },
      payload: startBody(undefined, { customerName: `Bisi${NUL}` }),
    });

    expect(response.statusCode).toBe(400);
    expect(detailsOf(response.body)).toContainEqual({
      path: 'customerName',
      message: 'Name contains a character that is not allowed',
    });
    expect(
      await countRows(
        ctx.app,
        sql`select count(*) as n from checkout_payments where product_id = ${productId}`,
      ),
    ).toBe(0);
  });

  it.each(['/api/transaction/search', '/api/transaction/export'])(
    'refuses a NUL character in the search text of %s before answering',
    async (url) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: bearer(merchant.token),
        payload: { userId: merchant.userId, query: `zobo${NUL}` },
      });

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(detailsOf(response.body)).toContainEqual({
        path: 'query',
        message: 'Search text contains a character that is not allowed',
      });
    },
  );

  it.each([
    ['/api/wallets/summary?from=0000-01-01&to=0000-01-31', 'GET', undefined],
    ['/api/wallets/summary?from=1899-12-01&to=1899-12-31', 'GET', undefined],
    ['/api/transaction/search', 'POST', { from: '0000-01-01T00:00:00Z' }],
    ['/api/transaction/search', 'POST', { to: '9999-12-31T00:00:00Z' }],
  ] as const)('refuses dates no business means: %s %s', async (url, method, filter) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: bearer(merchant.token),
      ...(filter ? { payload: { userId: merchant.userId, ...filter } } : {}),
    });

    expect(response.statusCode).toBe(400);
    expect(detailsOf(response.body).map((detail) => detail.message)).toContain(
      'Dates must be between 1 Jan 2000 and 31 Dec 2099',
    );
  });
});
