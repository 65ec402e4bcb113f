import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookUrl } from '../../../src/features/webhooks/index.ts';
import { sendTestWebhook } from '../../../src/features/webhooks/webhooks.service.ts';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
  walletIdsOf,
} from '../../helper.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';
import { testAuditOf } from '../audit/audit-fixtures.ts';
import { nubanOf } from '../banks/bank-fixtures.ts';
import { createProduct, pay, paymentRow } from '../checkout/checkout-fixtures.ts';
import { networkDisputeId } from '../disputes/dispute-fixtures.ts';
import { readyMerchant } from '../payouts/payout-fixtures.ts';

/*
 * Walks the route table of the signed-in scope as the app registered it, not a hand-kept list: a route added
 * there later is checked here without anyone remembering to. Which routes refuse API keys is read from the same
 * table, i.e. from each route's own `config.dashboardOnly`.
 */
describe('every route of the signed-in scope', () => {
  let ctx: TestContext;
  let merchantA: Merchant;
  let merchantB: Merchant;
  /** B's own ids, by the name of the path parameter that carries them. */
  let idsOfB: Record<string, string>;
  /** Each merchant's NGN wallet, for the bodies that name one. */
  const ngnWalletOf: Record<string, string> = {};

  const routes = () =>
    ctx.app.signedInRoutes.flatMap(({ method, url, dashboardOnly }) =>
      (Array.isArray(method) ? method : [method])
        .filter((one) => one !== 'HEAD')
        // Fastify's router knows more methods than light-my-request's inject types name; none of ours is one.
        .map((one) => ({ method: one as NonNullable<InjectOptions['method']>, url, dashboardOnly })),
    );

  /** A query each route needs to get past validation to the ownership check. */
  const QUERIES: Record<string, string> = {
    '/api/wallets/:walletId/statement': '?from=2026-01-01&to=2026-01-31&format=csv',
  };
  const fill = (url: string, ids: (param: string) => string) =>
    url.replace(/:(\w+)/g, (_, param: string) => ids(param)) + (QUERIES[url] ?? '');

  /** A body each route accepts, so the request reaches the ownership check instead of stopping at validation. */
  const bodyFor = (method: string, url: string, userId: string): object | undefined => {
    if (method === 'GET' || method === 'DELETE') return undefined;
    if (url.startsWith('/api/transaction/')) return { userId };
    if (url === '/api/fx/quotes') return { from: 'NGN', to: 'USD', amount: 100_000_00, side: 'sell' };
    if (url === '/api/fx/conversions') return { quoteId: randomUUID() };
    if (url === '/api/document/delete-documents') {
      return { userId, documents: [{ derivedFileName: 'status_report-0.pdf', originalFileName: null }] };
    }
    if (url.startsWith('/api/products')) {
      return { productName: 'Agbada', amount: 1_000_000, currency: 'NGN', quantityAvailable: 3 };
    }
    if (url === '/api/payouts/') {
      return { walletId: ngnWalletOf[userId] ?? randomUUID(), bankAccountId: randomUUID(), amount: 100_000 };
    }
    if (url === '/api/payouts/:payoutId/confirm') return { code: '123456' };
    if (url === '/api/users/otp') return { email: 'someone@example.com', otp: '123456' };
    if (url.endsWith('/profile')) {
      return {
        firstName: 'Adaeze',
        lastName: 'Okafor',
        email: 'someone@example.com',
        phoneNumber: '+2348012345678',
      };
    }
    if (url.endsWith('/notification-settings')) {
      return {
        inApp: true,
        accountUpdates: true,
        incomingPayments: true,
        outgoingTransfer: true,
        securityAlerts: true,
        email: true,
      };
    }
    if (method === 'PUT' && url === '/api/users/:userId') {
      return {
        businessName: 'Adaeze Foods',
        countryOfBusiness: 'Nigeria',
        businessDescription: 'Fresh fruit and vegetables, delivered in Lagos.',
        checkoutLogUrl: '',
        chargeCheckoutFeeToCustomer: true,
      };
    }
    if (url.endsWith('/two-factor/enable') || url.endsWith('/two-factor/recovery-codes'))
      return { code: '123456' };
    if (url.endsWith('/two-factor/disable')) return { password: 'Wr0ng!Passw0rd', code: '123456' };
    if (url === '/api/bank/resolve-account')
      return { bankCode: '058', accountNumber: nubanOf('058', '012345678') };
    if (url === '/api/bank/add-nigeria-bank') {
      return {
        userWalletRecordId: ngnWalletOf[userId] ?? randomUUID(),
        bankCode: '058',
        accountNumber: nubanOf('058', '012345678'),
        accountType: 'savings',
      };
    }
    if (url === '/api/users/plaid/link') return { userRecordId: userId };
    if (url === '/api/users/update-api-details') return { userId, generateNewKey: true };
    if (url === '/api/users/register') return { name: 'Lagos Shop' };
    if (url.endsWith('/webhooks/test')) return { type: 'payment.succeeded' };
    if (url.endsWith('/evidence')) return { explanation: 'Delivered and signed for' };
    if (url.endsWith('/change-password')) {
      return {
        password: 'Wr0ng!Passw0rd',
        newPassword: 'N3w!Passw0rdToo',
        confirmPassword: 'N3w!Passw0rdToo',
      };
    }
    if (url === '/api/team/members/:id') return { role: 'viewer' };
    if (url === '/api/team/invitations') return { email: 'someone@example.com', role: 'viewer' };
    if (url === '/api/team/invitations/accept') return { token: 'A'.repeat(43) };
    if (url === '/api/team/transfer-ownership') return { memberId: randomUUID(), password: 'Wr0ng!Passw0rd' };
    if (url === '/api/team/settings') return { requireTwoFactor: false };
    return {};
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchantA = await signUpMerchant(ctx.app);
    merchantB = await signUpMerchant(ctx.app);
    const walletsOfB = await walletIdsOf(ctx.app, merchantB.userId);
    ngnWalletOf[merchantA.userId] = (await walletIdsOf(ctx.app, merchantA.userId)).NGN;
    ngnWalletOf[merchantB.userId] = walletsOfB.NGN;
    const productOfB = await createProduct(ctx.app, merchantB);
    const paymentToB = await paymentRow(ctx.app, (await pay(ctx.app, productOfB.recordId)).paymentId);
    idsOfB = {
      userId: merchantB.userId,
      walletId: walletsOfB.NGN,
      id: paymentToB.transactionId,
      productId: productOfB.recordId,
      documentId: randomUUID(),
      notificationId: await notificationOf(merchantB.userId),
      bankAccountId: await bankAccountOf(merchantB),
      payoutId: await payoutOf(merchantB),
      refundId: await refundOf(merchantB, paymentToB.transactionId),
      deliveryId: await webhookDeliveryOf(merchantB.userId),
      customerId: await customerOf(paymentToB.id),
      disputeId: await networkDisputeId(ctx.app, paymentToB.id, 1_000_000_000),
      fileId: await evidenceFileOf(merchantB.userId),
    };
  });

  /** A webhook delivery of B's: a test event queued for a URL (no job runs here to send it). */
  async function webhookDeliveryOf(userId: string) {
    await setWebhookUrl(ctx.app.deps, userId, 'https://shop.example.com/hooks', testAuditOf(userId));
    return (await sendTestWebhook(ctx.app.deps, userId, 'payment.succeeded')).id;
  }
  afterAll(() => ctx.close());

  /** An evidence file B uploaded (a files row, as the upload pipeline leaves it). */
  async function evidenceFileOf(userId: string) {
    const [row] = await sqlRows<{ id: string }>(
      ctx.app,
      sql`insert into files (owner_id, purpose, storage_key, content_type, size, original_name)
          values (${userId}, 'dispute_evidence', ${randomUUID()}, 'application/pdf', 100, 'receipt.pdf') returning id`,
    );
    if (!row) throw new Error('no evidence file');
    return row.id;
  }

  /** The customer who made B's payment. */
  async function customerOf(paymentId: string) {
    const [row] = await sqlRows<{ customer_id: string }>(
      ctx.app,
      sql`select customer_id from checkout_payments where id = ${paymentId}`,
    );
    if (!row) throw new Error(`payment ${paymentId} has no customer`);
    return row.customer_id;
  }

  /** A refund of part of B's payment, on its way. */
  async function refundOf(merchant: Merchant, transactionId: string) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/refunds',
      headers: { ...bearer(merchant.token), 'idempotency-key': `refund-${randomUUID()}` },
      payload: { transactionId, amount: 1_000, reason: 'other' },
    });
    if (response.statusCode !== 201) throw new Error(`refund: ${response.statusCode} ${response.body}`);
    return (response.json() as { id: string }).id;
  }

  /** A payout of B's waiting for its confirmation code. */
  async function payoutOf(merchant: Merchant) {
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(merchant.token), 'idempotency-key': `payout-of-${merchant.userId}` },
      payload: { walletId, bankAccountId, amount: 100_000 },
    });
    return (response.json() as { id: string }).id;
  }

  async function bankAccountOf(merchant: Merchant) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/bank/add-nigeria-bank',
      headers: bearer(merchant.token),
      payload: {
        userWalletRecordId: ngnWalletOf[merchant.userId],
        bankCode: '057',
        accountNumber: nubanOf('057', '222222222'),
        accountType: 'current',
      },
    });
    if (response.statusCode !== 201) throw new Error(`no bank account: ${response.body}`);
    return (response.json() as { recordId: string }).recordId;
  }

  async function notificationOf(userId: string) {
    const [row] = await sqlRows<{ id: string }>(
      ctx.app,
      sql`insert into notifications (user_id, event_id, type, title, body)
          values (${userId}, ${randomUUID()}, 'accountUpdates', 'Welcome', 'Hello') returning id`,
    );
    if (!row) throw new Error('no notification inserted');
    return row.id;
  }

  it('holds the routes of every signed-in feature', () => {
    const urls = routes().map((route) => route.url);
    for (const prefix of [
      '/api/users/',
      '/api/wallets/',
      '/api/transaction/',
      '/api/products/',
      '/api/auth/',
    ]) {
      expect(
        urls.some((url) => url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(urls).not.toContain('/api/auth/signin');
    expect(urls.some((url) => url.startsWith('/api/checkout'))).toBe(false);
  });

  it('answers every one without a token with 401', async () => {
    for (const { method, url } of routes()) {
      const response = await ctx.app.inject({
        method,
        url: fill(url, () => randomUUID()),
        payload: bodyFor(method, url, randomUUID()),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers every one with 404 when the user_id header names another merchant', async () => {
    for (const { method, url } of routes()) {
      const response = await ctx.app.inject({
        method,
        url: fill(url, (param) => idsOfB[param] ?? randomUUID()),
        headers: { ...bearer(merchantA.token), user_id: merchantB.userId },
        payload: bodyFor(method, url, merchantA.userId),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain(merchantB.email);
    }
  });

  it("answers every one that names an id with 404 when the id is another merchant's", async () => {
    const naming = routes().filter(({ method, url }) => {
      const body = bodyFor(method, url, '') ?? {};
      return (
        url.includes(':') || ['userId', 'userWalletRecordId', 'userRecordId'].some((name) => name in body)
      );
    });
    expect(naming.length).toBeGreaterThan(5);
    for (const { method, url } of naming) {
      const response = await ctx.app.inject({
        method,
        url: fill(url, (param) => {
          const id = idsOfB[param];
          if (!id) throw new Error(`${method} ${url}: give B an id for :${param} in this test`);
          return id;
        }),
        headers: bearer(merchantA.token),
        payload: bodyFor(method, url, merchantB.userId),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('refuses an API key on every dashboard-only route with 401 API_KEY_NOT_ALLOWED; elsewhere a key meets the same 404', async () => {
    const key = await generateKey(ctx.app, merchantA);
    const walked = routes();
    expect(walked.filter((route) => route.dashboardOnly).length).toBeGreaterThan(20);
    expect(walked.filter((route) => !route.dashboardOnly).length).toBeGreaterThan(20);
    for (const { method, url, dashboardOnly } of walked) {
      const response = await ctx.app.inject({
        method,
        url: fill(url, (param) => idsOfB[param] ?? randomUUID()),
        headers: { ...bearer(key), user_id: merchantB.userId },
        payload: bodyFor(method, url, merchantA.userId),
      });
      if (dashboardOnly) {
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'API_KEY_NOT_ALLOWED' });
      } else {
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('documents every one as it is declared: bearer only when dashboard-only, bearer or key otherwise', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { security: object[]; responses: Record<string, { description: string }> }>
      >;
    };
    for (const { method, url, dashboardOnly } of routes()) {
      const path = url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (!operation) throw new Error(`${method} ${url} is not in the document`);
      expect(operation.security, `${method} ${url}`).toEqual(
        dashboardOnly ? [{ bearerAuth: [] }] : [{ bearerAuth: [] }, { apiKeyAuth: [] }],
      );
      expect(
        operation.responses['401']?.description.includes('API_KEY_NOT_ALLOWED'),
        `${method} ${url}`,
      ).toBe(dashboardOnly);
      expect(operation.responses, `${method} ${url}`).toHaveProperty('404');
    }
  });
});
