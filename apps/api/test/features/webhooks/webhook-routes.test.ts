import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryAttempts,
  type WebhookDeliveryPage,
  type WebhookSettings,
} from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../src/features/products/products.repository.ts';
import { setWebhookUrl, webhookSettingsFor } from '../../../src/features/webhooks/index.ts';
import { webhookDeliveriesPruneJob } from '../../../src/features/webhooks/webhook-delivery.ts';
import { findEndpoint, replaceSecret } from '../../../src/features/webhooks/webhooks.repository.ts';
import {
  bearer,
  buildTestApp,
  dbOf,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import { createApp } from '../api-keys/api-key-fixtures.ts';
import { testAuditOf } from '../audit/audit-fixtures.ts';
import { pay } from '../checkout/checkout-fixtures.ts';
import {
  deliverNow,
  makeRetriesDue,
  type Receiver,
  startReceiver,
  verified,
  webhookTestConfig,
} from './webhook-fixtures.ts';

describe('webhook routes: delivery log, resend, test events, roll', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let merchant: Merchant;
  let stranger: Merchant;

  const call = (who: Merchant, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/users${url}`, headers: bearer(who.token), payload });
  const logOf = async (who: Merchant, query = ''): Promise<WebhookDeliveryPage> => {
    const response = await call(who, 'GET', `/${who.userId}/webhook-deliveries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    // Nothing here tests the timeout: a busy machine must not make a delivery give up before it is sent.
    ctx = await buildTestApp(webhookTestConfig({ timeoutMs: 10_000 }));
    receiver = await startReceiver();
    merchant = await signUpMerchant(ctx.app);
    stranger = await signUpMerchant(ctx.app);
    await setWebhookUrl(ctx.app.deps, merchant.userId, receiver.url, testAuditOf(merchant.userId));
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('sends a test event of every type, signed and shaped like the real one, and logs each delivery', async () => {
    const secret = (await webhookSettingsFor(ctx.app.deps, merchant.userId)).webhookSecret ?? '';
    for (const type of WEBHOOK_EVENT_TYPES) {
      const response = await call(merchant, 'POST', `/${merchant.userId}/webhooks/test`, { type });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toMatchObject({ eventType: type, test: true, status: 'pending', attempts: 0 });
    }
    await deliverNow(ctx.app);

    expect(receiver.received.map((received) => verified(secret, received).type).sort()).toEqual(
      [...WEBHOOK_EVENT_TYPES].sort(),
    );
    const payout = receiver.received
      .map((received) => verified(secret, received))
      .find((payload) => payload.type === 'payout.failed');
    expect(payout?.data).toMatchObject({ userId: merchant.userId, status: 'FAILED' });

    const page = await logOf(merchant, '?page=1&size=3');
    expect(page).toMatchObject({ page: 1, size: 3, totalElements: 11, totalPages: 4 });
    expect(page.items.map((item) => item.eventType)).toEqual([
      'dispute.closed',
      'dispute.updated',
      'dispute.created',
    ]);
    const [newest] = page.items;
    expect(newest).toMatchObject({
      test: true,
      eventId: null,
      status: 'succeeded',
      attempts: 1,
      lastResponseCode: 200,
      lastResponseBody: 'ok',
      lastError: null,
      nextAttemptAt: null,
    });
    expect(newest?.payload).toBe(
      receiver.received.find((received) => received.headers['webhook-id'] === newest?.id)?.body,
    );
  });

  it('resends a delivery with the same webhook-id and body', async () => {
    const [delivery] = (await logOf(merchant)).items as [WebhookDelivery];
    const before = receiver.received.length;

    const response = await call(
      merchant,
      'POST',
      `/${merchant.userId}/webhook-deliveries/${delivery.id}/resend`,
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ id: delivery.id, status: 'pending' });
    await deliverNow(ctx.app);

    const resent = receiver.received.slice(before);
    expect(resent.map((received) => [received.headers['webhook-id'], received.body])).toEqual([
      [delivery.id, delivery.payload],
    ]);
    expect((await logOf(merchant)).items[0]).toMatchObject({
      id: delivery.id,
      status: 'succeeded',
      attempts: 2,
    });
  });

  it('lists every attempt of a delivery, newest first: the 503 and its body, then the 200', async () => {
    const test = await call(merchant, 'POST', `/${merchant.userId}/webhooks/test`, {
      type: 'payout.created',
    });
    const { id } = test.json() as WebhookDelivery;
    const ofThisDelivery = () =>
      receiver.received.filter((received) => received.headers['webhook-id'] === id);
    receiver.answer = () =>
      ofThisDelivery().length === 1 ? { status: 503, body: 'Service Unavailable' } : { status: 200 };
    try {
      await deliverNow(ctx.app);
      await makeRetriesDue(ctx.app);
      await deliverNow(ctx.app);
    } finally {
      receiver.answer = () => ({ status: 200 });
    }
    expect(ofThisDelivery()).toHaveLength(2);

    const response = await call(merchant, 'GET', `/${merchant.userId}/webhook-deliveries/${id}/attempts`);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as WebhookDeliveryAttempts;
    expect(items).toEqual([
      expect.objectContaining({ attempt: 2, responseCode: 200, error: null }),
      expect.objectContaining({
        attempt: 1,
        responseCode: 503,
        responseBody: 'Service Unavailable',
        error: null,
      }),
    ]);
    expect(Date.parse(items[0]?.attemptedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(items[1]?.attemptedAt ?? ''),
    );
    for (const item of items) expect(item.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('filters the log by status, and the statuses add up to the whole log', async () => {
    const all = await logOf(merchant, '?size=100');
    const [oldest] = all.items.slice(-1);
    await dbOf(ctx.app).execute(
      sql`update webhook_deliveries set status = 'failed' where id = ${oldest?.id ?? ''}`,
    );

    let counted = 0;
    for (const status of ['pending', 'succeeded', 'failed', 'disabled'] as const) {
      const page = await logOf(merchant, `?status=${status}&size=100`);
      expect(
        page.items.every((item) => item.status === status),
        status,
      ).toBe(true);
      counted += page.totalElements;
    }
    expect(counted).toBe(all.totalElements);
    expect((await logOf(merchant, '?status=failed&size=100')).items.map((item) => item.id)).toContain(
      oldest?.id,
    );
    await dbOf(ctx.app).execute(
      sql`update webhook_deliveries set status = 'succeeded' where id = ${oldest?.id ?? ''}`,
    );
  });

  it("answers 404 for another merchant's log, deliveries, tests and secret", async () => {
    const [delivery] = (await logOf(merchant)).items as [WebhookDelivery];
    const theirs = merchant.userId;
    for (const [method, url, payload] of [
      ['GET', `/${theirs}/webhook-deliveries`],
      ['POST', `/${theirs}/webhook-deliveries/${delivery.id}/resend`],
      ['GET', `/${theirs}/webhook-deliveries/${delivery.id}/attempts`],
      ['POST', `/${theirs}/webhooks/test`, { type: 'payment.succeeded' }],
      ['POST', `/${theirs}/webhooks/roll-secret`],
    ] as const) {
      expect((await call(stranger, method, url, payload)).statusCode, url).toBe(404);
    }
    // Their own userId with the other merchant's delivery id: still not found, even with a URL of their own.
    await setWebhookUrl(ctx.app.deps, stranger.userId, receiver.url, testAuditOf(stranger.userId));
    const resend = await call(
      stranger,
      'POST',
      `/${stranger.userId}/webhook-deliveries/${delivery.id}/resend`,
    );
    expect(resend.statusCode).toBe(404);
    expect(resend.json()).toMatchObject({ error: 'Webhook delivery not found' });
    const attempts = await call(
      stranger,
      'GET',
      `/${stranger.userId}/webhook-deliveries/${delivery.id}/attempts`,
    );
    expect(attempts.statusCode).toBe(404);
    expect((await logOf(stranger)).totalElements).toBe(0);
    const anonymous = await ctx.app.inject({ url: `/api/users/${theirs}/webhook-deliveries` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets finished deliveries older than the retention go, and keeps recent and pending ones', async () => {
    await call(merchant, 'POST', `/${merchant.userId}/webhooks/test`, { type: 'payment.succeeded' });
    await call(merchant, 'POST', `/${merchant.userId}/webhooks/test`, { type: 'payment.failed' });
    await call(merchant, 'POST', `/${merchant.userId}/webhooks/test`, { type: 'payout.created' });
    const [old, oldPending, recent] = (await logOf(merchant, '?page=1&size=3')).items;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const setDelivery = (id: string | undefined, status: string, createdAt: Date) =>
      dbOf(ctx.app).execute(
        sql`update webhook_deliveries set status = ${status}, created_at = ${createdAt} where id = ${id ?? ''}`,
      );
    await setDelivery(old?.id, 'succeeded', daysAgo(31));
    await setDelivery(oldPending?.id, 'pending', daysAgo(31));
    await setDelivery(recent?.id, 'failed', daysAgo(29));

    await webhookDeliveriesPruneJob(ctx.app.deps).run();
    const left = await sqlRows<{ id: string }>(
      ctx.app,
      sql`select id from webhook_deliveries where id in (${old?.id ?? ''}, ${oldPending?.id ?? ''}, ${recent?.id ?? ''})`,
    );
    expect(left.map((row) => row.id).sort()).toEqual([oldPending?.id, recent?.id].sort());
    // Not sent later: the tests after this one count what their receiver gets.
    await setDelivery(oldPending?.id, 'failed', daysAgo(31));
  });

  it('answers 400 with a clear message for bad input', async () => {
    const me = merchant.userId;
    for (const [url, payload, message] of [
      [`/${me}/webhook-deliveries?page=0`, undefined, 'page starts at 1'],
      [`/${me}/webhook-deliveries?size=500`, undefined, 'size must be between 1 and 100'],
      [`/${me}/webhook-deliveries?status=lost`, undefined, 'status must be one of pending, succeeded'],
      [`/${me}/webhook-deliveries/nope/resend`, undefined, 'Delivery ID is invalid'],
      [`/${me}/webhook-deliveries/msg_%00x/attempts`, undefined, 'Delivery ID is invalid'],
      [`/not-a-user/webhook-deliveries`, undefined, 'User ID is invalid'],
      [`/${me}/webhooks/test`, { type: 'user.kyc.updated' }, 'type must be one of payment.succeeded'],
      [`/${me}/webhooks/test`, { type: 'payment.succeeded', data: {} }, 'Only type may be sent'],
      [`/${me}/webhooks/test`, {}, 'type must be one of payment.succeeded'],
    ] as const) {
      const response = await call(merchant, payload || url.includes('resend') ? 'POST' : 'GET', url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toContain(message);
    }
  });

  it("sends an app's events to the app's endpoint, keeps them in the app's log, and tells the merchant when it is disabled", async () => {
    const app = await createApp(ctx.app, merchant, 'Webhook App');
    const appReceiver = await startReceiver();
    try {
      await setWebhookUrl(ctx.app.deps, app.recordId, appReceiver.url, testAuditOf(app.recordId));
      const product = await insertProduct(dbOf(ctx.app), {
        userId: app.recordId,
        productName: 'App product',
        amount: 250_000,
        currency: 'NGN',
        quantityAvailable: 5,
      });
      const merchantReceived = receiver.received.length;
      const merchantLogged = (await logOf(merchant)).totalElements;

      await pay(ctx.app, product.id);
      await ctx.app.deps.jobs.runDueEvents();
      await deliverNow(ctx.app);

      expect(appReceiver.received).toHaveLength(1);
      expect(receiver.received).toHaveLength(merchantReceived);
      const appLog = await call(merchant, 'GET', `/${app.recordId}/webhook-deliveries`);
      expect(appLog.json()).toMatchObject({ totalElements: 1, items: [{ eventType: 'payment.succeeded' }] });
      expect((await logOf(merchant)).totalElements).toBe(merchantLogged);

      appReceiver.answer = () => ({ status: 410 });
      const test = await call(merchant, 'POST', `/${app.recordId}/webhooks/test`, { type: 'payment.failed' });
      expect(test.statusCode).toBe(202);
      await deliverNow(ctx.app);
      await ctx.app.deps.jobs.runDueEvents();
      const notices = await sqlRows<{ body: string }>(
        ctx.app,
        sql`select body from notifications where user_id = ${merchant.userId} and title = 'Webhook endpoint disabled'`,
      );
      expect(notices).toEqual([
        { body: expect.stringContaining(`${app.businessName}: Webhooks to ${appReceiver.url} have stopped`) },
      ]);
      const again = await call(merchant, 'POST', `/${app.recordId}/webhooks/test`, {
        type: 'payment.failed',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(
        'This webhook endpoint is disabled. It answered 410 Gone. Save its URL again to turn it back on.',
      );
    } finally {
      await appReceiver.close();
    }
  });

  it('rolls the secret, and answers 409 for tests and rolls before a URL is saved', async () => {
    const before = await webhookSettingsFor(ctx.app.deps, merchant.userId);
    const rolled = await call(merchant, 'POST', `/${merchant.userId}/webhooks/roll-secret`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const settings: WebhookSettings = rolled.json();
    expect(settings).toMatchObject({ webhookUrl: receiver.url, disabledReason: null });
    expect(settings.webhookSecret).not.toBe(before.webhookSecret);
    expect(settings.previousSecretExpiresAt).not.toBeNull();

    // A roll that read the secret before another roll landed replaces nothing: the other roll's secret is kept.
    const stale = await findEndpoint(dbOf(ctx.app), merchant.userId);
    await call(merchant, 'POST', `/${merchant.userId}/webhooks/roll-secret`);
    const lateRoll = await replaceSecret(dbOf(ctx.app), stale?.id ?? '', {
      secretSealed: 'sealed-by-the-late-roll',
      previousSecretSealed: stale?.secretSealed ?? '',
      previousSecretExpiresAt: new Date(),
    });
    expect(lateRoll).toBe(false);
    const current = await webhookSettingsFor(ctx.app.deps, merchant.userId);
    expect(current.webhookSecret).toMatch(/^whsec_/);
    expect(current.webhookSecret).not.toBe(settings.webhookSecret);

    const newcomer = await signUpMerchant(ctx.app);
    for (const url of ['/webhooks/test', '/webhooks/roll-secret']) {
      const response = await call(newcomer, 'POST', `/${newcomer.userId}${url}`, {
        type: 'payment.succeeded',
      });
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toMatchObject({ error: 'Save a webhook URL first', code: 'NO_WEBHOOK_URL' });
    }
  });
});
