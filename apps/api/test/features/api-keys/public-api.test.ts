import {
  AuditEventPageSchema,
  CreatePayoutRequestSchema,
  CreateRefundRequestSchema,
  CustomerDetailSchema,
  CustomerPageSchema,
  DisputeDetailSchema,
  DisputeEvidenceRequestSchema,
  DisputePageSchema,
  DisputeSummarySchema,
  FxConversionRequestSchema,
  FxConversionSchema,
  FxQuoteRequestSchema,
  FxQuoteSchema,
  PayoutListSchema,
  PayoutSchema,
  ProductInputSchema,
  ProductPageSchema,
  ProductSchema,
  RefundPageSchema,
  RefundSchema,
  TransactionPageSchema,
  TransactionSchema,
  TransactionSearchFilterSchema,
  WalletListSchema,
  WalletSchema,
} from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PUBLIC_API_EXAMPLES } from '../../../src/plugins/openapi-examples.ts';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';
import { pay } from '../checkout/checkout-fixtures.ts';
import { createApp, generateKey } from './api-key-fixtures.ts';

/** A shop's server with nothing but an API key: the calls a checkout integration makes, end to end. */
describe('the public API with an API key', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let appId: string;
  let appKey: string;
  let merchantKey: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    appId = (await createApp(ctx.app, merchant, 'Ikeja Store')).recordId;
    appKey = await generateKey(ctx.app, merchant, appId);
    merchantKey = await generateKey(ctx.app, merchant);
  });
  afterAll(() => ctx.close());

  const call = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });

  it("creates a product, gets paid, finds the payment and sees the money in the app's wallet only", async () => {
    const created = await call(appKey, 'POST', '/api/products', {
      productName: 'Ankara tote bag',
      amount: 1_250_000,
      currency: 'NGN',
      quantityAvailable: 4,
    });
    expect(created.statusCode).toBe(201);
    const product = created.json() as { recordId: string; paymentLink: string };
    expect(product.paymentLink).toContain(product.recordId);

    const listed = await call(appKey, 'GET', '/api/products');
    expect(listed.json().items.map((item: { recordId: string }) => item.recordId)).toContain(
      product.recordId,
    );
    // The merchant's own list does not hold the app's product.
    const merchantProducts = await call(merchantKey, 'GET', '/api/products');
    expect(merchantProducts.json().items).toEqual([]);

    await pay(ctx.app, product.recordId);

    const search = await call(appKey, 'POST', '/api/transaction/search', { userId: appId });
    expect(search.statusCode).toBe(200);
    const credit = (search.json().items as { id: string; transactionType: string; userId: string }[]).find(
      (item) => item.transactionType === 'CREDIT',
    );
    expect(credit).toMatchObject({
      transactionStatus: 'SUCCESSFUL',
      transactionAmount: 1_250_000,
      userId: appId,
    });

    const detail = await call(appKey, 'GET', `/api/transaction/${credit?.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: credit?.id });

    const appWallets = (await call(appKey, 'GET', '/api/wallets')).json().wallets as {
      currency: string;
      availableBalance: number;
    }[];
    expect(appWallets.find((wallet) => wallet.currency === 'NGN')?.availableBalance).toBeGreaterThan(0);
    const merchantWallets = (await call(merchantKey, 'GET', '/api/wallets')).json().wallets as {
      currency: string;
      availableBalance: number;
    }[];
    expect(merchantWallets.find((wallet) => wallet.currency === 'NGN')?.availableBalance).toBe(0);

    // The merchant's key reaches the app's transaction by naming the app, as the dashboard does.
    const asApp = await ctx.app.inject({
      url: `/api/transaction/${credit?.id}`,
      headers: { ...bearer(merchantKey), user_id: appId },
    });
    expect(asApp.statusCode).toBe(200);
  });

  it("an app's key cannot read the parent's transactions", async () => {
    const search = await call(appKey, 'POST', '/api/transaction/search', { userId: merchant.userId });
    expect(search.statusCode).toBe(404);
  });

  it('is documented at /api/docs: an Authentication section, the key scheme on the routes a key may call', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      info: { description: string };
      components: { securitySchemes: Record<string, { bearerFormat?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; requestBody?: unknown }>>;
    };
    expect(document.info.description).toContain('## Authentication');
    expect(document.info.description).toContain('Idempotency-Key');
    expect(document.info.description).toContain('user_id');
    expect(document.components.securitySchemes.apiKeyAuth?.bearerFormat).toContain('bzk_');
    const schemesOf = (path: string, method: string) =>
      (document.paths[path]?.[method]?.security ?? []).flatMap((scheme) => Object.keys(scheme));
    expect(schemesOf('/api/wallets', 'get')).toEqual(['bearerAuth', 'apiKeyAuth']);
    expect(schemesOf('/api/products', 'post')).toEqual(['bearerAuth', 'apiKeyAuth']);
    expect(schemesOf('/api/users/update-api-details', 'put')).toEqual(['bearerAuth']);
    expect(schemesOf('/api/users/{userId}/change-password', 'put')).toEqual(['bearerAuth']);
    expect(schemesOf('/api/users/register', 'post')).toEqual(['bearerAuth']);
    expect(JSON.stringify(document.paths['/api/users/update-api-details']?.put?.requestBody)).toContain(
      'https://shop.example.com/webhooks/bizdash',
    );
  });

  it('shows an example body and answer on every call a shop makes, each valid for its schema', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const schemas: Record<string, { body?: z.ZodType; response: Record<number, z.ZodType> }> = {
      'GET /api/wallets/': { response: { 200: WalletListSchema } },
      'GET /api/wallets/:walletId': { response: { 200: WalletSchema } },
      'POST /api/transaction/search': {
        body: TransactionSearchFilterSchema,
        response: { 200: TransactionPageSchema },
      },
      'GET /api/transaction/:id': { response: { 200: TransactionSchema } },
      'GET /api/products/': { response: { 200: ProductPageSchema } },
      'POST /api/products/': { body: ProductInputSchema, response: { 201: ProductSchema } },
      'GET /api/products/:productId': { response: { 200: ProductSchema } },
      'PUT /api/products/:productId': { body: ProductInputSchema, response: { 200: ProductSchema } },
      'POST /api/payouts/': { body: CreatePayoutRequestSchema, response: { 201: PayoutSchema } },
      'GET /api/payouts/': { response: { 200: PayoutListSchema } },
      'GET /api/payouts/:payoutId': { response: { 200: PayoutSchema } },
      'POST /api/refunds/': { body: CreateRefundRequestSchema, response: { 201: RefundSchema } },
      'GET /api/refunds/': { response: { 200: RefundPageSchema } },
      'GET /api/refunds/:refundId': { response: { 200: RefundSchema } },
      'GET /api/audit-events/': { response: { 200: AuditEventPageSchema } },
      'GET /api/customers/': { response: { 200: CustomerPageSchema } },
      'GET /api/customers/:customerId': { response: { 200: CustomerDetailSchema } },
      'GET /api/disputes/': { response: { 200: DisputePageSchema } },
      'GET /api/disputes/summary': { response: { 200: DisputeSummarySchema } },
      'GET /api/disputes/:disputeId': { response: { 200: DisputeDetailSchema } },
      'POST /api/disputes/:disputeId/evidence': {
        body: DisputeEvidenceRequestSchema,
        response: { 200: DisputeDetailSchema },
      },
      'POST /api/disputes/:disputeId/accept': { response: { 200: DisputeDetailSchema } },
      'POST /api/fx/quotes': { body: FxQuoteRequestSchema, response: { 201: FxQuoteSchema } },
      'POST /api/fx/conversions': { body: FxConversionRequestSchema, response: { 201: FxConversionSchema } },
    };
    expect(Object.keys(PUBLIC_API_EXAMPLES).sort()).toEqual(Object.keys(schemas).sort());
    for (const [route, examples] of Object.entries(PUBLIC_API_EXAMPLES)) {
      const [method = '', url = ''] = route.split(' ');
      const expected = schemas[route];
      if (examples.body) expect(expected?.body?.safeParse(examples.body).success, `${route} body`).toBe(true);
      for (const [status, example] of Object.entries(examples.response)) {
        expect(expected?.response[Number(status)]?.safeParse(example).success, `${route} ${status}`).toBe(
          true,
        );
      }
      const path = url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');
      const operation = document.paths[path]?.[method.toLowerCase()];
      const shown = JSON.stringify(operation);
      for (const example of [examples.body, ...Object.values(examples.response)].filter(Boolean)) {
        expect(shown, `${route} shows its example`).toContain(JSON.stringify(example).slice(1, 60));
      }
    }
  });
});
