import { randomUUID } from 'node:crypto';
import {
  API_KEY_PERMISSIONS,
  PERMISSIONS,
  type Permission,
  roleCan,
  roleRequiredMessage,
  rolesWith,
  TEAM_ROLES,
  type TeamRole,
} from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestWebhook } from '../../../src/features/webhooks/webhooks.service.ts';
import type { RoutePermission } from '../../../src/types.ts';
import {
  bearer,
  buildTestApp,
  type Merchant,
  PASSWORD,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import { createApp, generateKey } from '../api-keys/api-key-fixtures.ts';
import { nubanOf } from '../banks/bank-fixtures.ts';
import { createProduct, pay, paymentRow } from '../checkout/checkout-fixtures.ts';
import { networkDisputeId } from '../disputes/dispute-fixtures.ts';
import { multipartBody, PDF } from '../files/multipart-body.ts';
import { emailedCode, readyMerchant, settlementAccount } from '../payouts/payout-fixtures.ts';
import { addMember, type Member } from './member-fixtures.ts';

type Method = NonNullable<InjectOptions['method']>;
interface Route {
  method: Method;
  url: string;
  dashboardOnly: boolean;
  permission: RoutePermission | undefined;
}
type Caller = TeamRole | 'api key';

const isPermission = (needed: RoutePermission | undefined): needed is Permission =>
  needed !== undefined && needed in PERMISSIONS;

/*
 * Walks the signed-in scope's route table as the app registered it and the role matrix of packages/shared (issue 23
 * §2, docs/permissions.md): every route declares what it needs, every role gets exactly its cells (a refusal is 409
 * ROLE_REQUIRED with the sentence and changes nothing in the database; an allowed role gets past the check), API
 * keys get API_KEY_PERMISSIONS. One app, one business and one member per role serve every case.
 */
describe('the role matrix on every signed-in route', () => {
  let ctx: TestContext;
  let owner: Merchant;
  let apiKey: string;
  /** A viewer whose role the team routes change (to what it is), so the members above keep theirs. */
  let target: Member;
  const members = {} as Record<Exclude<TeamRole, 'owner'>, Member>;
  /** The business's own ids, by the name of the path parameter that carries them. */
  let ids: Record<string, string>;
  let ngnWallet: string;
  let bankAccountId: string;
  /** A payment of the business with nothing disputed, for refunds. */
  let refundableTransaction: string;

  const routes = (): Route[] =>
    ctx.app.signedInRoutes.flatMap(({ method, url, dashboardOnly, permission }) =>
      (Array.isArray(method) ? method : [method])
        .filter((one) => one !== 'HEAD')
        .map((one) => ({ method: one as Method, url, dashboardOnly, permission })),
    );
  const nameOf = (route: Pick<Route, 'method' | 'url'>) => `${route.method} ${route.url}`;

  const headersOf = (caller: Caller): Record<string, string> => {
    if (caller === 'api key') return bearer(apiKey);
    if (caller === 'owner') return { ...bearer(owner.token), user_id: owner.userId };
    return members[caller].forBusiness;
  };

  const ownerCall = (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...headersOf('owner'), ...options.headers } });

  /** A fresh id for the routes whose success uses their resource up (deleted, deactivated, converted). */
  async function freshId(route: Route, param: string): Promise<string | undefined> {
    if (route.method === 'DELETE' && route.url === '/api/products/:productId')
      return (await createProduct(ctx.app, owner)).recordId;
    if (route.method === 'DELETE' && route.url === '/api/users/:userId')
      return (await createApp(ctx.app, owner, `Branch ${randomUUID().slice(0, 8)}`)).recordId;
    if (param === 'bankAccountId') return settlementAccount(ctx.app, owner.userId);
    if (route.url === '/api/team/members/:id')
      return route.method === 'DELETE' ? (await addMember(ctx.app, owner, 'viewer')).userId : target.userId;
    if (route.url.startsWith('/api/team/invitations/:id')) return invitation();
    return undefined;
  }

  async function urlOf(route: Route) {
    const queries: Record<string, string> = {
      '/api/users/register': '?isApp=true',
      '/api/users/otp': `?email=${encodeURIComponent(owner.email)}`,
      '/api/wallets/summary': '?from=2026-01-01&to=2026-01-31',
      '/api/wallets/:walletId/statement': '?from=2026-01-01&to=2026-01-31&format=csv',
    };
    let url =
      route.method === 'POST' && route.url === '/api/users/otp'
        ? route.url
        : route.url + (queries[route.url] ?? '');
    for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
      if (!param) continue;
      const id = (await freshId(route, param)) ?? ids[param];
      if (!id) throw new Error(`${nameOf(route)}: give the business an id for :${param} in this test`);
      url = url.replace(`:${param}`, id);
    }
    return url;
  }

  /** A business document the owner uploads (a PDF status report), as the documents list shows it. */
  async function uploadedDocument() {
    const form = multipartBody([
      { name: 'files', filename: 'report.pdf', contentType: 'application/pdf', bytes: PDF },
      { name: 'document_name', value: 'status_report' },
    ]);
    await created(
      await ownerCall({ method: 'POST', url: `/api/document/${owner.userId}/upload`, ...form }),
      'document',
    );
    const { documents } = (await ownerCall({ url: `/api/document/${owner.userId}` })).json() as {
      documents: { id: string; derivedFileName: string }[];
    };
    const [newest] = documents;
    if (!newest) throw new Error('no document listed');
    return newest;
  }

  async function invitation() {
    const response = await ownerCall({
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email: `invitee-${randomUUID().slice(0, 8)}@example.com`, role: 'viewer' },
    });
    if (response.statusCode !== 201) throw new Error(`invitation: ${response.statusCode} ${response.body}`);
    return (response.json() as { id: string }).id;
  }

  async function freshQuote() {
    const response = await ownerCall({
      method: 'POST',
      url: '/api/fx/quotes',
      payload: { from: 'NGN', to: 'USD', amount: 100_000, side: 'sell' },
    });
    if (response.statusCode !== 201) throw new Error(`quote: ${response.statusCode} ${response.body}`);
    return (response.json() as { id: string }).id;
  }

  /** A body each route accepts, so that the request is decided by its permission and not by validation. */
  async function requestOf(route: Route): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
    const { method } = route;
    const url = route.url.replace(/(.)\/$/, '$1');
    const json = (payload: object) => ({ payload, headers: { 'idempotency-key': `matrix-${randomUUID()}` } });
    const multipart = (name: string, filename: string, contentType: string) => {
      const parts = [{ name, filename, contentType, bytes: PDF }];
      const extra = url.endsWith('/upload') ? [{ name: 'document_name', value: 'status_report' }] : [];
      return multipartBody([...parts, ...extra]);
    };
    if (method === 'GET' || method === 'DELETE') return {};
    if (url.endsWith('/upload') || url.endsWith('/files'))
      return multipart('file', 'receipt.pdf', 'application/pdf');
    if (url.endsWith('/upload-checkout-logo') || url.endsWith('/upload-profile-picture'))
      return multipart('file', 'logo.pdf', 'application/pdf');
    if (url === '/api/transaction/search' || url === '/api/transaction/export')
      return json({ userId: owner.userId });
    if (url === '/api/fx/quotes') return json({ from: 'NGN', to: 'USD', amount: 100_000, side: 'sell' });
    if (url === '/api/fx/conversions') return json({ quoteId: await freshQuote() });
    if (url === '/api/document/delete-documents') {
      const { derivedFileName } = await uploadedDocument();
      return json({ userId: owner.userId, documents: [{ derivedFileName, originalFileName: null }] });
    }
    if (url.startsWith('/api/products')) {
      return json({ productName: 'Agbada', amount: 1_000_000, currency: 'NGN', quantityAvailable: 3 });
    }
    if (url === '/api/payouts') return json({ walletId: ngnWallet, bankAccountId, amount: 100_000 });
    if (url === '/api/payouts/:payoutId/confirm') return json({ code: '000000' });
    if (url === '/api/refunds')
      return json({ transactionId: refundableTransaction, amount: 1_000, reason: 'other' });
    if (url.endsWith('/notification-settings')) {
      return json({
        inApp: true,
        accountUpdates: true,
        incomingPayments: true,
        outgoingTransfer: true,
        securityAlerts: true,
        email: true,
      });
    }
    if (method === 'PUT' && url === '/api/users/:userId') {
      return json({
        businessName: `Adaeze Foods ${owner.userId.slice(0, 4)}`,
        countryOfBusiness: 'Nigeria',
        businessDescription: 'Fresh fruit and vegetables, delivered in Lagos.',
        checkoutLogUrl: '',
        chargeCheckoutFeeToCustomer: true,
      });
    }
    if (url === '/api/bank/resolve-account')
      return json({ bankCode: '058', accountNumber: nubanOf('058', '012345678') });
    if (url === '/api/bank/add-nigeria-bank') {
      return json({
        userWalletRecordId: ngnWallet,
        bankCode: '058',
        accountNumber: nubanOf('058', '012345678'),
        accountType: 'savings',
      });
    }
    if (url === '/api/users/plaid/link') return json({ userRecordId: owner.userId });
    if (url === '/api/users/update-api-details')
      return json({ userId: owner.userId, webhookUrl: 'https://shop.example.com/hooks' });
    if (url === '/api/users/register') return json({ name: `Branch ${randomUUID().slice(0, 8)}` });
    if (url.endsWith('/webhooks/test')) return json({ type: 'payment.succeeded' });
    if (url.endsWith('/evidence')) return json({ explanation: 'Delivered and signed for' });
    if (url === '/api/team/invitations') {
      return json({ email: `invitee-${randomUUID().slice(0, 8)}@example.com`, role: 'viewer' });
    }
    if (url === '/api/team/members/:id') return json({ role: 'viewer' });
    // A wrong password: the owner gets past the role check and keeps the business.
    if (url === '/api/team/transfer-ownership') {
      return json({ memberId: members.admin.userId, password: 'Wr0ng!Passw0rd' });
    }
    if (url === '/api/team/settings') return json({ requireTwoFactor: false });
    if (url === '/api/team/invitations/accept') return json({ token: 'not-an-invitation' });
    // The person's own routes ('self'), as the dashboard sends them.
    if (url === '/api/users/otp') return json({ email: owner.email, otp: '123456' });
    if (url.endsWith('/profile')) {
      return json({
        firstName: 'Adaeze',
        lastName: 'Okafor',
        email: owner.email,
        phoneNumber: '+2348012345678',
      });
    }
    if (url.endsWith('/two-factor/enable') || url.endsWith('/two-factor/recovery-codes'))
      return json({ code: '123456' });
    if (url.endsWith('/two-factor/disable')) return json({ password: 'Wr0ng!Passw0rd', code: '123456' });
    if (url.endsWith('/change-password')) {
      return json({
        password: 'Wr0ng!Passw0rd',
        newPassword: 'N3w!Passw0rdToo',
        confirmPassword: 'N3w!Passw0rdToo',
      });
    }
    return json({});
  }

  /** The request as `caller` makes it, built first: its fresh resources are made before anything is compared. */
  async function prepare(route: Route, caller: Caller): Promise<InjectOptions> {
    const { payload, headers } = await requestOf(route);
    return {
      method: route.method,
      url: await urlOf(route),
      payload,
      headers: { ...headers, ...headersOf(caller) },
    };
  }

  const call = async (route: Route, caller: Caller) => ctx.app.inject(await prepare(route, caller));

  /**
   * The whole database, one hash per table (what changes on its own is left out: when a member or a key was last
   * active or used): a refused request must leave every row as it was.
   */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = await sqlRows<{ table_name: string }>(
      ctx.app,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const parts = tables.map(
      ({ table_name: name }) =>
        `select '${name}' as name, md5(coalesce(string_agg((to_jsonb(t) - array['last_active_at', 'last_used_at'])::text, ',' order by (to_jsonb(t) - array['last_active_at', 'last_used_at'])::text), '')) as hash from "${name}" t`,
    );
    const rows = await sqlRows<{ name: string; hash: string }>(ctx.app, sql.raw(parts.join(' union all ')));
    return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
  }

  async function created(response: { statusCode: number; body: string; json(): unknown }, what: string) {
    if (response.statusCode !== 201 && response.statusCode !== 200)
      throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: string; recordId: string };
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    owner = await signUpMerchant(ctx.app);
    const ready = await readyMerchant(ctx.app, owner, 50_000_000);
    ngnWallet = ready.walletId;
    bankAccountId = ready.bankAccountId;
    for (const role of TEAM_ROLES)
      if (role !== 'owner') members[role] = await addMember(ctx.app, owner, role);
    target = await addMember(ctx.app, owner, 'viewer');
    apiKey = await generateKey(ctx.app, owner);

    const product = await createProduct(ctx.app, owner);
    const disputed = await paymentRow(ctx.app, (await pay(ctx.app, product.recordId)).paymentId);
    const refundable = await paymentRow(ctx.app, (await pay(ctx.app, product.recordId)).paymentId);
    refundableTransaction = refundable.transactionId;
    const disputeId = await networkDisputeId(ctx.app, disputed.id, 500_000);
    const evidence = multipartBody([
      { name: 'file', filename: 'receipt.pdf', contentType: 'application/pdf', bytes: PDF },
    ]);
    const file = await created(
      await ownerCall({ method: 'POST', url: `/api/disputes/${disputeId}/files`, ...evidence }),
      'evidence file',
    );
    const document = await uploadedDocument();
    const refund = await created(
      await ownerCall({
        method: 'POST',
        url: '/api/refunds',
        headers: { 'idempotency-key': `refund-${randomUUID()}` },
        payload: { transactionId: refundableTransaction, amount: 1_000, reason: 'other' },
      }),
      'refund',
    );
    const payout = await created(
      await ownerCall({
        method: 'POST',
        url: '/api/payouts',
        headers: { 'idempotency-key': `payout-${randomUUID()}` },
        payload: { walletId: ngnWallet, bankAccountId, amount: 100_000 },
      }),
      'payout',
    );
    await created(
      await ownerCall({
        method: 'PUT',
        url: '/api/users/update-api-details',
        payload: { userId: owner.userId, webhookUrl: 'https://shop.example.com/hooks' },
      }),
      'webhook URL',
    );
    const [notification] = await sqlRows<{ id: string }>(
      ctx.app,
      sql`insert into notifications (user_id, event_id, type, title, body)
          values (${owner.userId}, ${randomUUID()}, 'accountUpdates', 'Welcome', 'Hello') returning id`,
    );
    const [customer] = await sqlRows<{ customer_id: string }>(
      ctx.app,
      sql`select customer_id from checkout_payments where id = ${disputed.id}`,
    );
    ids = {
      userId: owner.userId,
      walletId: ngnWallet,
      id: disputed.transactionId,
      productId: product.recordId,
      documentId: document.id,
      notificationId: notification?.id ?? '',
      payoutId: payout.id,
      refundId: refund.id,
      deliveryId: (await sendTestWebhook(ctx.app.deps, owner.userId, 'payment.succeeded')).id,
      customerId: customer?.customer_id ?? '',
      disputeId,
      fileId: file.id,
    };
  }, 120_000);
  afterAll(() => ctx.close());

  it('finds a permission declared on every signed-in route', () => {
    const undeclared = routes()
      .filter((route) => route.permission === undefined)
      .map(nameOf);
    expect(undeclared, 'routes of the signed-in scope without config.permission').toEqual([]);
    expect(routes().filter((route) => isPermission(route.permission)).length).toBeGreaterThan(50);
  });

  it('refuses every role its matrix lacks with 409 ROLE_REQUIRED and the sentence, changing nothing; lets the others past', async () => {
    const checked = routes().filter((route) => isPermission(route.permission));
    for (const route of checked) {
      const permission = route.permission as Permission;
      const refused: Caller[] = TEAM_ROLES.filter((role) => !roleCan(role, permission));
      const allowed: Caller[] = TEAM_ROLES.filter((role) => roleCan(role, permission));
      if (!route.dashboardOnly)
        (API_KEY_PERMISSIONS.includes(permission) ? allowed : refused).push('api key');

      const requests: InjectOptions[] = [];
      for (const caller of refused) requests.push(await prepare(route, caller));
      const before = await snapshot();
      for (const [index, caller] of refused.entries()) {
        const response = await ctx.app.inject(requests[index] as InjectOptions);
        const where = `${nameOf(route)} as ${caller}`;
        expect(response.statusCode, `${where}: ${response.body}`).toBe(409);
        expect(response.json(), where).toEqual({
          error: roleRequiredMessage(permission),
          code: 'ROLE_REQUIRED',
          permission,
          roles: [...rolesWith(permission)],
        });
      }
      expect(await snapshot(), `${nameOf(route)}: what the refused callers left`).toEqual(before);

      for (const caller of allowed) {
        const response = await call(route, caller);
        const where = `${nameOf(route)} as ${caller}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect([401, 403, 404], where).not.toContain(response.statusCode);
        if (response.statusCode === 409) expect(response.json().code, where).not.toBe('ROLE_REQUIRED');
      }
    }
  }, 240_000);

  it("lets every member reach the routes of any member, and none reach a person's own routes for the business", async () => {
    // The live stream stays open (its own tests read it); the rest answer at once.
    const answering = routes().filter((each) => each.url !== '/api/events/stream');
    for (const route of answering.filter((each) => each.permission === 'member')) {
      for (const caller of TEAM_ROLES) {
        const response = await call(route, caller);
        const where = `${nameOf(route)} as ${caller}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect([401, 403, 404, 409], where).not.toContain(response.statusCode);
      }
    }
    for (const route of answering.filter((each) => each.permission === 'self')) {
      for (const role of TEAM_ROLES.filter((each) => each !== 'owner')) {
        const response = await call(route, role as Exclude<TeamRole, 'owner'>);
        expect(response.statusCode, `${nameOf(route)} as ${role} for the business`).toBe(404);
      }
    }
  }, 60_000);

  it('a finance member makes a payout: started, confirmed with the code emailed to them, paid from the business', async () => {
    const finance = members.finance;
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...finance.forBusiness, 'idempotency-key': `finance-payout-${randomUUID()}` },
      payload: { walletId: ngnWallet, bankAccountId, amount: 250_000 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const payout = started.json() as { id: string; status: string };
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/payouts/${payout.id}/confirm`,
      headers: finance.forBusiness,
      payload: { code: await emailedCode(ctx.app, finance.email) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: payout.id, amount: 250_000 });
    expect((confirmed.json() as { status: string }).status).not.toBe(payout.status);
  });

  it('a developer generates the API key, support refunds a payment, a viewer reads the transactions', async () => {
    const generated = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/update-api-details',
      headers: members.developer.forBusiness,
      payload: { userId: owner.userId, generateNewKey: true },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect((generated.json() as { apiKey: string }).apiKey).toMatch(/^bzk_test_/);

    const refunded = await ctx.app.inject({
      method: 'POST',
      url: '/api/refunds',
      headers: { ...members.support.forBusiness, 'idempotency-key': `support-refund-${randomUUID()}` },
      payload: { transactionId: refundableTransaction, amount: 2_000, reason: 'requested_by_customer' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({ amount: 2_000 });

    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/transaction/search',
      headers: members.viewer.forBusiness,
      payload: { userId: owner.userId },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).toContain(refundableTransaction);
  });

  it("keeps the owner's password from a member acting for the business; the member changes their own", async () => {
    const member = members.admin;
    const change = (userId: string, headers: Record<string, string>, password: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${userId}/change-password`,
        headers,
        payload: { password, newPassword: 'N3w!Passw0rdToo', confirmPassword: 'N3w!Passw0rdToo' },
      });
    const signIn = (email: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });

    // The member knows (or guesses) the owner's password: still not theirs to change.
    expect((await change(owner.userId, member.forBusiness, PASSWORD)).statusCode).toBe(404);
    expect((await change(owner.userId, bearer(member.token), PASSWORD)).statusCode).toBe(404);
    const twoFactor = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${owner.userId}/two-factor/setup`,
      headers: member.forBusiness,
    });
    expect(twoFactor.statusCode).toBe(404);
    expect((await signIn(owner.email, PASSWORD)).statusCode).toBe(200);

    const own = await change(member.userId, bearer(member.token), PASSWORD);
    expect(own.statusCode, own.body).toBe(200);
    expect((await signIn(member.email, 'N3w!Passw0rdToo')).statusCode).toBe(200);
  });
});
