import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../../src/db/transaction.ts';
import { setWebhookUrl, webhookSettingsFor } from '../../../src/features/webhooks/index.ts';
import { rollEndpointSecret } from '../../../src/features/webhooks/webhook-endpoints.service.ts';
import { sendTestWebhook } from '../../../src/features/webhooks/webhooks.service.ts';
import { emitEvent } from '../../../src/jobs/events.repository.ts';
import { buildTestApp, countRows, dbOf, sqlRows, type TestContext } from '../../helper.ts';
import { testAuditOf } from '../audit/audit-fixtures.ts';
import { eventsOf, pay, sellerWithProduct, startBody } from '../checkout/checkout-fixtures.ts';
import {
  deliverNow,
  makeRetriesDue,
  onlyDeliveryOf,
  type Receiver,
  startReceiver,
  verified,
  waitOf,
  webhookTestConfig,
} from './webhook-fixtures.ts';

describe('webhook delivery', () => {
  let ctx: TestContext;
  const receivers: Receiver[] = [];

  /** A merchant with a product and its webhook URL pointing at a fresh receiver. */
  async function merchantWithReceiver(answer?: Receiver['answer']) {
    const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 100 });
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    await setWebhookUrl(ctx.app.deps, seller.userId, receiver.url, testAuditOf(seller.userId));
    const secret = (await webhookSettingsFor(ctx.app.deps, seller.userId)).webhookSecret ?? '';
    return { userId: seller.userId, productId, receiver, secret };
  }
  const queueTest = (userId: string) => sendTestWebhook(ctx.app.deps, userId, 'payment.succeeded');
  const noticesOf = (userId: string) =>
    countRows(
      ctx.app,
      sql`select count(*) as n from notifications where user_id = ${userId} and title = 'Webhook endpoint disabled'`,
    );

  beforeAll(async () => {
    ctx = await buildTestApp(webhookTestConfig());
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  afterAll(() => ctx.close());

  it("delivers a paid payment's payment.succeeded through the running job, signed, with the event as its body", async () => {
    const { userId, productId, receiver, secret } = await merchantWithReceiver();
    await ctx.app.deps.jobs.start();
    try {
      await pay(ctx.app, productId, startBody(undefined, { quantity: 2 }));
      for (let waited = 0; receiver.received.length === 0 && waited < 15_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await ctx.app.deps.jobs.stop();
    }

    expect(receiver.received).toHaveLength(1);
    const [received] = receiver.received;
    if (!received) throw new Error('nothing received');
    const [event] = await eventsOf(ctx.app, userId);
    const envelope = event?.payload as { createdAt: string; data: object };
    expect(verified(secret, received)).toEqual({
      type: 'payment.succeeded',
      timestamp: envelope.createdAt,
      data: envelope.data,
    });
    expect(received.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Bizdash-Webhooks/1',
      'webhook-id': expect.stringMatching(/^msg_[0-9A-Z]{26}$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    expect(Math.abs(Number(received.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(await onlyDeliveryOf(ctx.app, userId)).toMatchObject({
      id: received.headers['webhook-id'],
      status: 'succeeded',
      attempts: 1,
      last_response_code: 200,
      last_response_body: 'ok',
    });
  });

  it('delivers payout events the same way', async () => {
    const { userId, receiver, secret } = await merchantWithReceiver();
    const data = {
      payoutId: randomUUID(),
      userId,
      walletId: randomUUID(),
      transactionId: randomUUID(),
      currency: 'NGN' as const,
      amount: 500_000,
      fee: 1_000,
      bankName: 'Guaranty Trust Bank',
      accountNumberMasked: '******7890',
      status: 'SUCCESSFUL' as const,
      failureReason: null,
    };
    await withTransaction(ctx.app.deps, (tx) => emitEvent(tx, { userId, type: 'payout.succeeded', data }));
    // An event that is not a webhook's (a sign-in) queues nothing.
    await withTransaction(ctx.app.deps, (tx) =>
      emitEvent(tx, { userId, type: 'security.signed_in', data: { userId, ip: null, userAgent: null } }),
    );
    await ctx.app.deps.jobs.runDueEvents();
    await deliverNow(ctx.app);

    expect(receiver.received.map((received) => verified(secret, received))).toEqual([
      { type: 'payout.succeeded', timestamp: expect.any(String), data },
    ]);
  });

  it('retries a 500 after about 5 seconds with the same webhook-id, then succeeds', async () => {
    const { userId, receiver, secret } = await merchantWithReceiver((n) =>
      n === 1 ? { status: 500, body: 'x'.repeat(3000) } : { status: 204 },
    );
    await queueTest(userId);

    await deliverNow(ctx.app);
    const failed = await onlyDeliveryOf(ctx.app, userId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_response_code: 500 });
    expect(failed.last_response_body).toBe('x'.repeat(1024));
    expect(waitOf(failed)).toBeGreaterThan(3_000);
    expect(waitOf(failed)).toBeLessThanOrEqual(6_000);
    // Not due yet: a run now sends nothing.
    await deliverNow(ctx.app);
    expect(receiver.received).toHaveLength(1);

    await makeRetriesDue(ctx.app);
    await deliverNow(ctx.app);
    expect(await onlyDeliveryOf(ctx.app, userId)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      last_response_code: 204,
    });
    const [first, second] = receiver.received;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    for (const received of receiver.received)
      expect(verified(secret, received).type).toBe('payment.succeeded');
  });

  it('retries a receiver that does not answer within the timeout', async () => {
    const { userId, receiver } = await merchantWithReceiver((n) =>
      n === 1 ? { hang: true } : { status: 200 },
    );
    await queueTest(userId);

    const started = Date.now();
    await deliverNow(ctx.app);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await onlyDeliveryOf(ctx.app, userId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_response_code: null,
      last_error: 'Timed out after 1000 ms',
    });

    await makeRetriesDue(ctx.app);
    await deliverNow(ctx.app);
    expect((await onlyDeliveryOf(ctx.app, userId)).status).toBe('succeeded');
    expect(receiver.received).toHaveLength(2);
  });

  it('takes a 2xx whose body then stalls past the timeout as a success', async () => {
    const { userId, receiver } = await merchantWithReceiver(() => ({ status: 202, stallBody: true }));
    await queueTest(userId);

    await deliverNow(ctx.app);

    expect(await onlyDeliveryOf(ctx.app, userId)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_response_code: 202,
      last_error: null,
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('counts a redirect as a failure and never follows it: the target gets no connection', async () => {
    const target = await startReceiver();
    receivers.push(target);
    const { userId, receiver } = await merchantWithReceiver(() => ({
      status: 302,
      headers: { location: target.url },
    }));
    await queueTest(userId);

    await deliverNow(ctx.app);

    expect(await onlyDeliveryOf(ctx.app, userId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_response_code: 302,
    });
    expect(receiver.received).toHaveLength(1);
    expect(target.connections).toBe(0);
  });

  it('disables the endpoint on a 410, stops its deliveries, tells the merchant, and saving the URL again enables it', async () => {
    const { userId, productId, receiver } = await merchantWithReceiver(() => ({ status: 410 }));
    await queueTest(userId);
    await queueTest(userId);

    await deliverNow(ctx.app);

    expect((await webhookSettingsFor(ctx.app.deps, userId)).disabledReason).toBe('It answered 410 Gone.');
    const statuses = await sqlStatuses(userId);
    expect(statuses).toEqual(['disabled', 'disabled']);
    await ctx.app.deps.jobs.runDueEvents();
    expect(await noticesOf(userId)).toBe(1);

    // Nothing more is queued or sent while it is disabled.
    await pay(ctx.app, productId);
    await ctx.app.deps.jobs.runDueEvents();
    await makeRetriesDue(ctx.app);
    await deliverNow(ctx.app);
    expect(await sqlStatuses(userId)).toEqual(['disabled', 'disabled']);
    expect(receiver.received).toHaveLength(2);
    await expect(queueTest(userId)).rejects.toMatchObject({ statusCode: 409 });

    await setWebhookUrl(ctx.app.deps, userId, receiver.url, testAuditOf(userId));
    expect((await webhookSettingsFor(ctx.app.deps, userId)).disabledReason).toBeNull();
    receiver.answer = () => ({ status: 200 });
    await queueTest(userId);
    await deliverNow(ctx.app);
    expect(await sqlStatuses(userId)).toEqual(['disabled', 'disabled', 'succeeded']);
  });

  it('honours Retry-After, in seconds or as an HTTP date, when it asks for longer than the schedule', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    const { userId } = await merchantWithReceiver((n) =>
      n === 1
        ? { status: 503, headers: { 'retry-after': '120' } }
        : n === 2
          ? { status: 429, headers: { 'retry-after': inAnHour } }
          : { status: 503, headers: { 'retry-after': String(30 * 86_400) } },
    );
    await queueTest(userId);

    await deliverNow(ctx.app);
    const afterSeconds = waitOf(await onlyDeliveryOf(ctx.app, userId));
    expect(afterSeconds).toBeGreaterThan(110_000);
    expect(afterSeconds).toBeLessThanOrEqual(120_000);

    await makeRetriesDue(ctx.app);
    await deliverNow(ctx.app);
    const afterDate = waitOf(await onlyDeliveryOf(ctx.app, userId));
    expect(afterDate).toBeGreaterThan(3_590_000);
    expect(afterDate).toBeLessThanOrEqual(3_600_000);

    // Thirty days is capped at a day.
    await makeRetriesDue(ctx.app);
    await deliverNow(ctx.app);
    const capped = waitOf(await onlyDeliveryOf(ctx.app, userId));
    expect(capped).toBeGreaterThan(86_390_000);
    expect(capped).toBeLessThanOrEqual(86_400_000);
  });

  it('signs with both secrets while a rolled one overlaps, then with the new one alone', async () => {
    const { userId, receiver, secret: oldSecret } = await merchantWithReceiver();
    const newSecret =
      (await rollEndpointSecret(ctx.app.deps, userId, testAuditOf(userId)))?.webhookSecret ?? '';
    await queueTest(userId);
    await deliverNow(ctx.app);

    const [during] = receiver.received;
    if (!during) throw new Error('nothing received');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(oldSecret, during).type).toBe('payment.succeeded');
    expect(verified(newSecret, during).type).toBe('payment.succeeded');

    await dbOf(ctx.app).execute(
      sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second'
          where user_id = ${userId}`,
    );
    await queueTest(userId);
    await deliverNow(ctx.app);
    const after = receiver.received[1];
    if (!after) throw new Error('nothing received');
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verified(newSecret, after).type).toBe('payment.succeeded');
    expect(() => verified(oldSecret, after)).toThrow('No matching signature found');
  });

  it('disables an endpoint whose deliveries have failed for 3 days and tells the merchant', async () => {
    const { userId } = await merchantWithReceiver(() => ({ status: 500 }));
    await queueTest(userId);
    await deliverNow(ctx.app);
    expect((await webhookSettingsFor(ctx.app.deps, userId)).disabledReason).toBeNull();

    await dbOf(ctx.app).execute(
      sql`update webhook_endpoints set failing_since = now() - interval '72 hours 1 minute'
          where user_id = ${userId}`,
    );
    await makeRetriesDue(ctx.app);
    await deliverNow(ctx.app);

    expect((await webhookSettingsFor(ctx.app.deps, userId)).disabledReason).toBe(
      'Every delivery failed for 3 days.',
    );
    expect(await sqlStatuses(userId)).toEqual(['disabled']);
    await ctx.app.deps.jobs.runDueEvents();
    expect(await noticesOf(userId)).toBe(1);
  });

  it('a success ends the run of failures', async () => {
    const { userId } = await merchantWithReceiver((n) => (n === 1 ? { status: 500 } : { status: 200 }));
    await queueTest(userId);
    await deliverNow(ctx.app);
    await dbOf(ctx.app).execute(
      sql`update webhook_endpoints set failing_since = now() - interval '71 hours' where user_id = ${userId}`,
    );
    await makeRetriesDue(ctx.app);
    await deliverNow(ctx.app);
    const [endpoint] = await sqlRows<{ failing_since: Date | null }>(
      ctx.app,
      sql`select failing_since from webhook_endpoints where user_id = ${userId}`,
    );
    expect(endpoint).toEqual({ failing_since: null });
  });

  it('records a secret that no longer opens as a failed attempt, sending nothing', async () => {
    const { userId, receiver } = await merchantWithReceiver();
    await queueTest(userId);
    // Sealed under another endpoint's context: what a changed SECRETS_KEY looks like from here.
    const other = ctx.app.deps.secretBox.seal('whsec_AAAA', 'webhook-secret:another-endpoint');
    await dbOf(ctx.app).execute(
      sql`update webhook_endpoints set secret_sealed = ${other} where user_id = ${userId}`,
    );

    await deliverNow(ctx.app);

    expect(await onlyDeliveryOf(ctx.app, userId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'The signing secret could not be opened (was SECRETS_KEY changed?)',
    });
    expect(receiver.connections).toBe(0);
  });

  it('gives up after the last retry of the schedule, keeping the delivery as failed', async () => {
    const { userId, receiver } = await merchantWithReceiver(() => ({ status: 500 }));
    await queueTest(userId);
    // Ten attempts already made: the next is the schedule's last.
    await dbOf(ctx.app).execute(sql`update webhook_deliveries set attempts = 10 where user_id = ${userId}`);

    await deliverNow(ctx.app);
    expect(await onlyDeliveryOf(ctx.app, userId)).toMatchObject({ status: 'failed', attempts: 11 });
    await makeRetriesDue(ctx.app);
    await deliverNow(ctx.app);
    expect(receiver.received).toHaveLength(1);
  });

  async function sqlStatuses(userId: string) {
    const rows = await sqlRows<{ status: string }>(
      ctx.app,
      sql`select status from webhook_deliveries where user_id = ${userId} order by created_at, id`,
    );
    return rows.map((row) => row.status);
  }
});
