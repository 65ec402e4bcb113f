import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER, startLiveNotices } from '../../../src/features/live/live.service.ts';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import { createApp, generateKey } from '../api-keys/api-key-fixtures.ts';
import { createProduct, pay } from '../checkout/checkout-fixtures.ts';
import { emailedCode, readyMerchant } from '../payouts/payout-fixtures.ts';
import { changed, changedKinds, listenOnEphemeralPort, openEventStream } from './live-fixtures.ts';

describe('GET /api/events/stream', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: Merchant;
  const onPostgres = () => ctx.app.deps.database.kind === 'postgres';

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await listenOnEphemeralPort(ctx.app);
    seller = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/events/stream' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('is a stream of server-sent events', async () => {
    const stream = await openEventStream(baseUrl, seller.token);
    stream.close();
    expect(stream.status).toBe(200);
    expect(stream.events[0]?.event).toBe('ready');
  });

  it('tells the seller their wallet, transactions and product changed once a payment commits', async () => {
    const product = await createProduct(ctx.app, seller, { amount: 500_000 });
    const stream = await openEventStream(baseUrl, seller.token);

    await pay(ctx.app, product.recordId);
    await stream.waitFor(changed('wallet'));
    // The notice follows the commit: what the dashboard refetches on hearing it already holds the payment.
    const wallets = await ctx.app.inject({ url: '/api/wallets', headers: bearer(seller.token) });
    const ngn = wallets.json().wallets.find((wallet: { currency: string }) => wallet.currency === 'NGN');
    expect(ngn.availableBalance).toBe(482_500);
    await stream.waitFor(changed('transaction'));
    await stream.waitFor(changed('product'));
    stream.close();
  });

  it('tells the merchant a payout moved: waiting for its code, then on its way', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    const stream = await openEventStream(baseUrl, merchant.token);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(merchant.token), 'idempotency-key': randomUUID() },
      payload: { walletId, bankAccountId, amount: 50_000 },
    });
    await stream.waitFor(changed('payout'));
    const noticesBefore = stream.events.filter(changed('payout')).length;
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/payouts/${created.json().id}/confirm`,
      headers: bearer(merchant.token),
      payload: { code: await emailedCode(ctx.app, merchant.email) },
    });
    expect(confirmed.statusCode).toBe(200);
    await expect.poll(() => stream.events.filter(changed('payout')).length).toBeGreaterThan(noticesBefore);
    stream.close();
  });

  it("says nothing to another merchant about the seller's payment", async () => {
    const other = await signUpMerchant(ctx.app);
    const product = await createProduct(ctx.app, seller);
    const sellerStream = await openEventStream(baseUrl, seller.token);
    const otherStream = await openEventStream(baseUrl, other.token);

    await pay(ctx.app, product.recordId);
    await sellerStream.waitFor(changed('wallet'));
    // Notices arrive in commit order: once the other merchant hears of their own later change, anything about
    // the seller's payment would already have reached them.
    await createProduct(ctx.app, other);
    await otherStream.waitFor(changed('product'));
    expect(changedKinds(otherStream)).toEqual(['product']);
    sellerStream.close();
    otherStream.close();
  });

  it("acting for an app, carries the merchant's bell too (an app's notices go to its merchant)", async () => {
    const merchant = await signUpMerchant(ctx.app);
    const shop = await createApp(ctx.app, merchant, 'Live Shop');
    const appKey = await generateKey(ctx.app, merchant, shop.recordId);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${merchant.userId}/notification-settings`,
      headers: bearer(merchant.token),
      payload: { ...DEFAULT_NOTIFICATION_SETTINGS, incomingPayments: true },
    });
    const actingForShop = await openEventStream(baseUrl, merchant.token, { user_id: shop.recordId });
    const product = await createProduct(ctx.app, { ...merchant, token: appKey });

    await pay(ctx.app, product.recordId);
    await actingForShop.waitFor(changed('wallet'));
    await ctx.app.deps.jobs.runDueEvents();
    await actingForShop.waitFor(changed('notification'));
    actingForShop.close();
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams per user, and a closed one frees its place`, async () => {
    const merchant = await signUpMerchant(ctx.app);
    const open = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, () => openEventStream(baseUrl, merchant.token)),
    );
    const refused = await openEventStream(baseUrl, merchant.token);
    expect(refused.status).toBe(429);
    await refused.ended;

    open[0]?.close();
    await expect
      .poll(async () => {
        const retry = await openEventStream(baseUrl, merchant.token);
        retry.close();
        return retry.status;
      })
      .toBe(200);
    for (const stream of open) stream.close();
  });

  it('keeps pushing after the listening connection to the database is lost', async () => {
    const product = await createProduct(ctx.app, seller);
    const stream = await openEventStream(baseUrl, seller.token);
    // PGlite is a connection inside this process and cannot be lost; on PostgreSQL, cut the listener off.
    if (onPostgres()) {
      const cut = await sqlRows<{ pid: number }>(
        ctx.app,
        sql`select pg_terminate_backend(pid) as pid from pg_stat_activity
            where application_name = 'bizdash-listen:bizdash_live' and datname = current_database()`,
      );
      expect(cut).toHaveLength(1);
      // Whatever committed while it was gone is unknown, so every kind is announced once it is back.
      await stream.waitFor(changed('product'));
    }

    const before = stream.events.length;
    await pay(ctx.app, product.recordId);
    await stream.waitFor((event) => stream.events.indexOf(event) >= before && changed('wallet')(event));
    stream.close();
  });
});

describe('live notice streams', () => {
  it("keep a user's new stream hearing notices when an old one's clean-up runs again after it opened", async () => {
    const ctx = await buildTestApp();
    const live = await startLiveNotices(ctx.app.deps.database, ctx.app.log);
    try {
      const userId = randomUUID();
      // A stream cleans up on 'finish' and again on 'close'; here a new stream opens between the two.
      const old = live.open(userId);
      old.emit('finish');
      const current = live.open(userId);
      let text = '';
      current.setEncoding('utf8');
      current.on('data', (chunk: string) => {
        text += chunk;
      });
      old.emit('close');

      const payload = JSON.stringify({ userId, kind: 'wallet' });
      await ctx.app.deps.database.db.execute(sql`select pg_notify('bizdash_live', ${payload})`);
      await expect.poll(() => text).toContain('"kind":"wallet"');
    } finally {
      await live.stop();
      await ctx.close();
    }
  });

  it('send a heartbeat comment on a quiet stream, so proxies keep it open', async () => {
    const ctx = await buildTestApp();
    const live = await startLiveNotices(ctx.app.deps.database, ctx.app.log);
    try {
      const stream = live.open(randomUUID(), { heartbeatMs: 20 });
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        text += chunk;
      });
      await expect.poll(() => text).toContain(': heartbeat\n\n');
      expect(text.startsWith('retry: 3000\nevent: ready\n')).toBe(true);
    } finally {
      await live.stop();
      await ctx.close();
    }
  });
});

describe('GET /api/events/stream when the app closes', () => {
  it('ends open streams instead of holding app.close() up', async () => {
    const ctx = await buildTestApp();
    const baseUrl = await listenOnEphemeralPort(ctx.app);
    const merchant = await signUpMerchant(ctx.app);
    const stream = await openEventStream(baseUrl, merchant.token);

    await ctx.close();
    await stream.ended;
    expect(stream.events.map((event) => event.event)).toEqual(['ready']);
  });
});
