import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setWebhookUrl, webhookSettingsFor } from '../../../src/features/webhooks/index.ts';
import { sendTestWebhook } from '../../../src/features/webhooks/webhooks.service.ts';
import { buildTestApp, dbOf, type TestContext, useTestApp } from '../../helper.ts';
import { testAuditOf } from '../audit/audit-fixtures.ts';
import { pay, sellerWithProduct } from '../checkout/checkout-fixtures.ts';
import {
  deliveriesOf,
  deliverNow,
  type ReceivedWebhook,
  type Receiver,
  startReceiver,
  verified,
  webhookTestConfig,
} from './webhook-fixtures.ts';

describe('webhook senders in several processes', () => {
  let receiver: Receiver;

  const config = webhookTestConfig({ timeoutMs: 10_000 });
  /** Another API process on the same PostgreSQL database (buildSecondProcess, with this file's settings). */
  const secondProcess = async (): Promise<TestContext> =>
    ctx.app.deps.database.kind === 'postgres'
      ? buildTestApp({ ...config, databaseUrl: ctx.app.deps.config.databaseUrl })
      : { app: ctx.app, close: async () => undefined };

  const ctx = useTestApp(config);

  it('killed mid-delivery: every event is still delivered at least once, with the same webhook-id and body, and its late outcome changes nothing', async () => {
    // The first process's requests reach the receiver, but their answers never come back to it.
    receiver = await startReceiver((n) => (n <= 3 ? { hang: true } : { status: 200 }));
    const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 10 });
    await setWebhookUrl(ctx.app.deps, seller.userId, receiver.url, testAuditOf(seller.userId));
    const secret = (await webhookSettingsFor(ctx.app.deps, seller.userId)).webhookSecret ?? '';
    const payments = [];
    for (let i = 0; i < 3; i++) payments.push(await pay(ctx.app, productId));
    await ctx.app.deps.jobs.runDueEvents();

    const dying = deliverNow(ctx.app);
    for (let waited = 0; receiver.received.length < 3 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(receiver.received).toHaveLength(3);

    // The process dies here, after sending and before recording anything. Its leases run out; another process
    // (on PostgreSQL a second app on the same database; PGlite has one) takes the deliveries up again.
    const second = await secondProcess();
    try {
      await dbOf(second.app).execute(
        sql`update webhook_deliveries set locked_until = now() - interval '1 second' where user_id = ${seller.userId}`,
      );
      expect(await deliverNow(second.app)).toBe(3);
    } finally {
      await second.close();
    }

    const deliveries = await deliveriesOf(ctx.app, seller.userId);
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['succeeded', 2],
      ['succeeded', 2],
      ['succeeded', 2],
    ]);
    // Each event twice (at least once), under one webhook-id with one body, every copy verifying.
    const byId = new Map<string, ReceivedWebhook[]>();
    for (const received of receiver.received) {
      const id = String(received.headers['webhook-id']);
      byId.set(id, [...(byId.get(id) ?? []), received]);
    }
    expect([...byId.keys()].sort()).toEqual(deliveries.map((delivery) => delivery.id).sort());
    for (const copies of byId.values()) {
      expect(copies).toHaveLength(2);
      expect(new Set(copies.map((copy) => copy.body)).size).toBe(1);
      for (const copy of copies) expect(verified(secret, copy).type).toBe('payment.succeeded');
    }
    const paymentIds = [...byId.values()].map((copies) => {
      const payload = verified(secret, copies[0] as ReceivedWebhook);
      return payload.type === 'payment.succeeded' ? payload.data.paymentId : null;
    });
    expect(new Set(paymentIds).size).toBe(3);
    // Order is not promised (events are handled and redelivered side by side, README "Webhooks"): each body's
    // timestamp says when its payment happened, and those follow the order the payments were made in.
    const timestamps = payments.map((payment) => {
      const bodies = receiver.received.map((copy) => verified(secret, copy));
      const body = bodies.find(
        (one) => one.type === 'payment.succeeded' && one.data.paymentId === payment.paymentId,
      );
      return body?.timestamp;
    });
    expect(timestamps.every(Boolean)).toBe(true);
    expect([...timestamps].sort()).toEqual(timestamps);

    // The dead process's requests finally fail; what it records now must not undo the later success.
    await receiver.close();
    await dying;
    expect((await deliveriesOf(ctx.app, seller.userId)).map((delivery) => delivery.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
  });

  it('is never sent twice at once by two processes running the job together', async () => {
    receiver = await startReceiver(() => ({ status: 200, delayMs: 30 }));
    const { seller } = await sellerWithProduct(ctx.app);
    await setWebhookUrl(ctx.app.deps, seller.userId, receiver.url, testAuditOf(seller.userId));
    for (let i = 0; i < 30; i++) await sendTestWebhook(ctx.app.deps, seller.userId, 'payment.succeeded');

    const second = await secondProcess();
    try {
      let sent = 0;
      do {
        const [one, two] = await Promise.all([deliverNow(ctx.app), deliverNow(second.app)]);
        sent = one + two;
      } while (sent > 0);
    } finally {
      await second.close();
      await receiver.close();
    }

    const ids = receiver.received.map((received) => String(received.headers['webhook-id']));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const deliveries = await deliveriesOf(ctx.app, seller.userId);
    expect(deliveries.every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1)).toBe(
      true,
    );
  });
});
