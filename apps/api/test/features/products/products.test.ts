import { randomUUID } from 'node:crypto';
import type { Product } from '@bizdash/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { products } from '../../../src/db/schema/index.ts';
import {
  bearer,
  buildTestApp,
  countRows,
  dbOf,
  type Merchant,
  signUpMerchant,
  type TestContext,
  testConfig,
} from '../../helper.ts';
import { CARDS, createProduct, pay, startBody } from '../checkout/checkout-fixtures.ts';

const valid = {
  productName: 'Ankara tote bag',
  description: 'Hand-sewn',
  amount: 1_250_000,
  currency: 'NGN',
  quantityAvailable: 12,
};

describe('/api/products', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let other: Merchant;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Merchant, payload?: object) =>
    ctx.app.inject({ method, url: `/api/products${url}`, headers: bearer(who.token), payload });
  const rowOf = async (id: string) =>
    (await dbOf(ctx.app).select().from(products).where(eq(products.id, id)))[0];
  const countOwned = (who: Merchant) =>
    countRows(ctx.app, sql`select count(*) as n from products where user_id = ${who.userId}`);

  beforeAll(async () => {
    ctx = await buildTestApp();
    [merchant, other] = [await signUpMerchant(ctx.app), await signUpMerchant(ctx.app)];
  });
  afterAll(() => ctx.close());

  describe('POST /api/products', () => {
    it('creates an ACTIVE product owned by the caller, with its payment link', async () => {
      const response = await send('POST', '', merchant, { ...valid, productName: '  Ankara tote bag ' });

      expect(response.statusCode).toBe(201);
      const product: Product = response.json();
      expect(product).toEqual({
        recordId: expect.any(String),
        productName: 'Ankara tote bag',
        description: 'Hand-sewn',
        amount: 1_250_000,
        currency: 'NGN',
        quantityAvailable: 12,
        status: 'ACTIVE',
        createdDate: expect.any(String),
        paymentLink: `http://localhost/pay/${product.recordId}`,
        hasPayments: false,
      });
      expect(await rowOf(product.recordId)).toMatchObject({
        userId: merchant.userId,
        productName: 'Ankara tote bag',
        amount: 1_250_000,
        quantityAvailable: 12,
        archivedAt: null,
      });
    });

    it('stores an empty description as none and a product with nothing left as SOLD_OUT', async () => {
      const response = await send('POST', '', merchant, {
        ...valid,
        description: '  ',
        quantityAvailable: 0,
      });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ description: null, status: 'SOLD_OUT', quantityAvailable: 0 });
    });

    it.each([
      ['productName', '', 'Product name is required'],
      ['productName', 'A', 'Must be at least 2 characters long'],
      ['productName', 'x'.repeat(121), 'Product name is at most 120 characters'],
      ['description', 'x'.repeat(1001), 'Description is at most 1000 characters'],
      ['amount', 9_999, 'Price must be at least ₦100.00'],
      ['amount', 10_000_000_001, 'Price must be at most ₦100,000,000.00'],
      ['amount', 2_500.5, 'Price must be a whole number of kobo or cents'],
      ['amount', '2500', 'Price must be a whole number of kobo or cents'],
      ['currency', 'EUR', 'Currency must be NGN or USD'],
      ['quantityAvailable', -1, 'Quantity cannot be negative'],
      ['quantityAvailable', 100_001, 'Quantity is at most 100,000'],
      ['quantityAvailable', 1.5, 'Quantity must be a whole number'],
    ])('rejects %s %j with "%s" and creates nothing', async (field, value, message) => {
      const before = await countOwned(merchant);
      const response = await send('POST', '', merchant, { ...valid, [field]: value });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().details).toContainEqual({ path: field, message });
      expect(await countOwned(merchant)).toBe(before);
    });

    it('checks the minimum price in the currency of the product', async () => {
      const response = await send('POST', '', merchant, { ...valid, currency: 'USD', amount: 99 });

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Price must be at least $1.00');
      expect((await send('POST', '', merchant, { ...valid, currency: 'USD', amount: 100 })).statusCode).toBe(
        201,
      );
    });

    it('answers 401 without a session', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/products', payload: valid });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/products', () => {
    it("lists only the caller's products, newest first, one page at a time", async () => {
      const seller = await signUpMerchant(ctx.app);
      const made: Product[] = [];
      for (const name of ['First', 'Second', 'Third']) {
        made.push(await createProduct(ctx.app, seller, { productName: name }));
      }

      const first = await send('GET', '?page=1&size=2', seller);
      const second = await send('GET', '?page=2&size=2', seller);

      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2 });
      expect(first.json().items.map((item: Product) => item.productName)).toEqual(['Third', 'Second']);
      expect(second.json().items.map((item: Product) => item.recordId)).toEqual([made[0]?.recordId]);
    });

    it('keeps the products whose name contains the search text, any case, and counts only those', async () => {
      const seller = await signUpMerchant(ctx.app);
      for (const name of ['Adire silk scarf', 'Ankara tote bag', 'SILK kaftan', '100% cotton wrapper'])
        await createProduct(ctx.app, seller, { productName: name });
      await createProduct(ctx.app, other, { productName: 'Silk scarf of another merchant' });
      const names = async (search: string) => {
        const response = await send('GET', `?search=${encodeURIComponent(search)}`, seller);
        expect(response.statusCode, response.body).toBe(200);
        return {
          names: response.json().items.map((item: Product) => item.productName),
          page: response.json(),
        };
      };

      const silk = await names('  silk ');
      expect(silk.names).toEqual(['SILK kaftan', 'Adire silk scarf']);
      expect(silk.page).toMatchObject({ totalElements: 2, totalPages: 1 });
      // % and _ match only themselves, not anything.
      expect((await names('%')).names).toEqual(['100% cotton wrapper']);
      expect((await names('_')).names).toEqual([]);
    });

    it('refuses search text with control characters or over 100 characters', async () => {
      const control = await send('GET', `?search=${encodeURIComponent('silk\u0000')}`, merchant);
      expect(control.statusCode).toBe(400);
      expect(control.json().error).toMatch(/^Search text/);
      const long = await send('GET', `?search=${'a'.repeat(101)}`, merchant);
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toBe('Search text is at most 100 characters');
    });

    it('refuses a page size out of range', async () => {
      const response = await send('GET', '?size=0', merchant);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('size must be between 1 and 100');
    });
  });

  describe('GET /api/products/:productId', () => {
    it('returns one of the caller’s products and 404 for anybody else’s', async () => {
      const product = await createProduct(ctx.app, merchant);

      const mine = await send('GET', `/${product.recordId}`, merchant);
      const theirs = await send('GET', `/${product.recordId}`, other);

      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual(product);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: 'Product not found', code: 'NOT_FOUND' });
    });

    it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
      expect((await send('GET', `/${randomUUID()}`, merchant)).statusCode).toBe(404);
      const bad = await send('GET', '/not-a-uuid', merchant);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Product ID is invalid');
    });
  });

  describe('PUT /api/products/:productId', () => {
    it('changes the product and keeps its id and creation date', async () => {
      const product = await createProduct(ctx.app, merchant);
      const change = { ...valid, productName: 'Ankara tote (large)', amount: 1_500_000, currency: 'USD' };

      const response = await send('PUT', `/${product.recordId}`, merchant, change);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        recordId: product.recordId,
        createdDate: product.createdDate,
        productName: 'Ankara tote (large)',
        amount: 1_500_000,
        currency: 'USD',
      });
      expect(await rowOf(product.recordId)).toMatchObject({ amount: 1_500_000, currency: 'USD' });
    });

    it('rejects invalid input with its message and changes nothing', async () => {
      const product = await createProduct(ctx.app, merchant);
      const before = await rowOf(product.recordId);

      const response = await send('PUT', `/${product.recordId}`, merchant, { ...valid, amount: 50 });

      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual({
        path: 'amount',
        message: 'Price must be at least ₦100.00',
      });
      expect(await rowOf(product.recordId)).toEqual(before);
    });

    it("answers 404 for another merchant's product and leaves it as it was", async () => {
      const product = await createProduct(ctx.app, merchant);
      const before = await rowOf(product.recordId);

      const response = await send('PUT', `/${product.recordId}`, other, { ...valid, productName: 'Stolen' });

      expect(response.statusCode).toBe(404);
      expect(await rowOf(product.recordId)).toEqual(before);
    });
  });

  describe('DELETE /api/products/:productId', () => {
    it('removes a product nobody has tried to pay for', async () => {
      const product = await createProduct(ctx.app, merchant);

      const response = await send('DELETE', `/${product.recordId}`, merchant);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ recordId: product.recordId, outcome: 'DELETED' });
      expect(await rowOf(product.recordId)).toBeUndefined();
      expect((await send('GET', `/${product.recordId}`, merchant)).statusCode).toBe(404);
    });

    it("answers 404 for another merchant's product and deletes nothing", async () => {
      const product = await createProduct(ctx.app, merchant);

      const response = await send('DELETE', `/${product.recordId}`, other);

      expect(response.statusCode).toBe(404);
      expect(await rowOf(product.recordId)).toMatchObject({ archivedAt: null, userId: merchant.userId });
    });

    it('archives a product with payments, keeps its row, and refuses changes to it afterwards', async () => {
      const product = await createProduct(ctx.app, merchant);
      await pay(ctx.app, product.recordId, startBody(CARDS.declined));

      const response = await send('DELETE', `/${product.recordId}`, merchant);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ recordId: product.recordId, outcome: 'ARCHIVED' });
      expect((await rowOf(product.recordId))?.archivedAt).toBeInstanceOf(Date);
      expect((await send('GET', `/${product.recordId}`, merchant)).json()).toMatchObject({
        status: 'ARCHIVED',
        hasPayments: true,
        quantityAvailable: 10,
      });
      const put = await send('PUT', `/${product.recordId}`, merchant, valid);
      expect(put.statusCode).toBe(409);
      expect(put.json()).toEqual({
        error: 'This product is archived and can no longer be changed.',
        code: 'PRODUCT_ARCHIVED',
      });
      expect(await rowOf(product.recordId)).toMatchObject({ productName: 'Jollof rice tray' });
      const again = await send('DELETE', `/${product.recordId}`, merchant);
      expect(again.json()).toEqual({ recordId: product.recordId, outcome: 'ARCHIVED' });
    });
  });

  describe('payment links', () => {
    it('are the configured base address, a slash, then the product id', async () => {
      const configured = await buildTestApp({
        checkout: { ...testConfig().checkout, paymentLinkBaseUrl: 'https://pay.example.com/p' },
      });
      try {
        const seller = await signUpMerchant(configured.app);
        const product = await createProduct(configured.app, seller);
        expect(product.paymentLink).toBe(`https://pay.example.com/p/${product.recordId}`);
        const listed = await configured.app.inject({ url: '/api/products', headers: bearer(seller.token) });
        expect(listed.json().items[0].paymentLink).toBe(`https://pay.example.com/p/${product.recordId}`);
      } finally {
        await configured.close();
      }
    });

    it('take PAYMENT_LINK_BASE_URL, else PUBLIC_URL + /pay, without a trailing slash', () => {
      const env = { NODE_ENV: 'test' };
      expect(
        loadConfig({ ...env, PAYMENT_LINK_BASE_URL: 'https://pay.example.com/p/' }).checkout,
      ).toMatchObject({
        paymentLinkBaseUrl: 'https://pay.example.com/p',
      });
      expect(loadConfig({ ...env, PUBLIC_URL: 'https://shop.example.com/' }).checkout).toMatchObject({
        paymentLinkBaseUrl: 'https://shop.example.com/pay',
      });
      expect(loadConfig(env).checkout.paymentLinkBaseUrl).toBeNull();
    });

    it('use the address the merchant reached the API by when none is configured', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { ...bearer(merchant.token), host: 'dash.example.org' },
        payload: valid,
      });
      const product: Product = response.json();
      expect(product.paymentLink).toBe(`http://dash.example.org/pay/${product.recordId}`);
    });
  });
});
