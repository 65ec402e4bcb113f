import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { setWebhookUrl } from '../../../src/features/webhooks/index.ts';
import { sendTestWebhook } from '../../../src/features/webhooks/webhooks.service.ts';
import { createJobRunner } from '../../../src/jobs/job-runner.ts';
import { createLeaseBook } from '../../../src/jobs/lease-book.ts';
import type { EventHandlers } from '../../../src/jobs/subscriptions.ts';
import { createIdempotencyStore, IDEMPOTENCY_IN_PROGRESS } from '../../../src/plugins/idempotency.ts';
import { buildTestApp, countRows, dbOf, type TestContext, useTestApp } from '../../helper.ts';
import { testAuditOf } from '../audit/audit-fixtures.ts';
import { pay, sellerWithProduct } from '../checkout/checkout-fixtures.ts';
import {
  deliverNow,
  onlyDeliveryOf,
  type Receiver,
  startReceiver,
  webhookTestConfig,
} from '../webhooks/webhook-fixtures.ts';

/*
 * A process that stops before its work is done (SIGTERM, app.close) lets go of the leases of that work at once
 * (ADR 065): another process, or this database's next runner, takes it without waiting out the lease. On
 * PostgreSQL it lets go of its own leases only. Work that never ends is played by promises never resolved.
 */
describe('leases of a stopping process', () => {
  const ctx = useTestApp(webhookTestConfig({ timeoutMs: 10_000 }));
  const never = () => new Promise<never>(() => undefined);
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done() && waited < 10_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(done()).toBe(true);
  };
  const quietHandlers: EventHandlers = {
    'receipt-email': async () => {},
    notify: async () => {},
    'password-changed-email': async () => {},
    'refund-email': async () => {},
    'dispute-email': async () => {},
    webhooks: async () => {},
  };
  const runner = (options: Partial<Parameters<typeof createJobRunner>[0]> = {}) =>
    createJobRunner({ db: dbOf(ctx.app), log: ctx.app.log, handlers: quietHandlers, ...options });
  const leasedDeliveries = () =>
    countRows(ctx.app, sql`select count(*) as n from event_deliveries where locked_until > now()`);

  it('a stopped job runner lets go of the deliveries in hand, and another runner takes them at once', async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    await pay(ctx.app, productId);
    let receipts = 0;
    const leases = createLeaseBook();
    const stopping = runner({
      handlers: {
        ...quietHandlers,
        'receipt-email': () => {
          receipts += 1;
          return never();
        },
      },
      leases,
      stopGraceMs: 100,
    });
    await stopping.start();
    await until(() => receipts === 1);

    const started = Date.now();
    await stopping.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    // Still its own until it lets go: another runner finds nothing due.
    const other = runner();
    expect(await other.runDueEvents()).toBe(0);
    expect(await leasedDeliveries()).toBe(2);

    // The receipt that never ended and the notice whose outcome waited for it (a batch is recorded together).
    expect(await leases.releaseHeld()).toBe(2);
    expect(await leasedDeliveries()).toBe(0);
    expect(await other.runDueEvents()).toBe(2);
    expect(receipts).toBe(1);
  });

  it('a stopped job runner lets go of the scheduled job it was running, and another runs it at once', async () => {
    const name = 'leases-on-stop-job';
    let runs = 0;
    const leases = createLeaseBook();
    const stopping = runner({ leases, stopGraceMs: 100 });
    stopping.schedule({
      name,
      everyMs: 3_600_000,
      run: () => {
        runs += 1;
        return never();
      },
    });
    await stopping.start();
    await until(() => runs === 1);
    await stopping.stop();

    const other = runner();
    let otherRuns = 0;
    other.schedule({ name, everyMs: 3_600_000, run: async () => (otherRuns += 1) });
    await other.runDueJobs();
    expect(otherRuns).toBe(0);

    expect(await leases.releaseHeld()).toBe(1);
    await other.runDueJobs();
    expect(otherRuns).toBe(1);
  });

  it('lets go of webhook deliveries whose answers it will not wait for: sent again at once, attempt counted', async () => {
    const receiver = await startReceiver((n) => (n === 1 ? { hang: true } : { status: 200 }));
    try {
      const { seller } = await sellerWithProduct(ctx.app);
      await setWebhookUrl(ctx.app.deps, seller.userId, receiver.url, testAuditOf(seller.userId));
      await sendTestWebhook(ctx.app.deps, seller.userId, 'payment.succeeded');
      const inHand = deliverNow(ctx.app);
      await until(() => receiver.received.length === 1);
      expect(await deliverNow(ctx.app)).toBe(0);

      expect(await ctx.app.deps.leases.releaseHeld()).toBe(1);
      expect(await deliverNow(ctx.app)).toBe(1);
      expect(await onlyDeliveryOf(ctx.app, seller.userId)).toMatchObject({
        status: 'succeeded',
        attempts: 2,
      });
      expect(receiver.received.map((received) => received.headers['webhook-id'])).toEqual([
        receiver.received[0]?.headers['webhook-id'],
        receiver.received[0]?.headers['webhook-id'],
      ]);
      await receiver.close();
      // The first attempt's late outcome (its connection closed) changes nothing.
      await inHand;
      expect(await onlyDeliveryOf(ctx.app, seller.userId)).toMatchObject({
        status: 'succeeded',
        attempts: 2,
      });
    } finally {
      await receiver.close();
    }
  });

  it('lets go of the Idempotency-Key of a request it will not answer: a retry runs at once', async () => {
    const leases = createLeaseBook();
    const store = createIdempotencyStore({
      database: ctx.app.deps.database,
      keys: ctx.app.deps.keys,
      leaseSeconds: 60,
      leases,
    });
    const server = Fastify();
    server.decorateRequest('idempotencyClaim', null);
    let answered = 0;
    let first = true;
    server.post('/charges', store.route(), async () => {
      if (first) {
        first = false;
        return never();
      }
      answered += 1;
      return { charged: true };
    });
    const send = () =>
      server.inject({
        method: 'POST',
        url: '/charges',
        headers: { 'idempotency-key': 'leases-on-stop-key' },
        payload: { amount: 100 },
      });
    try {
      void send();
      await until(() => !first);
      const meanwhile = await send();
      expect(meanwhile.statusCode).toBe(409);
      expect(meanwhile.body).toContain(IDEMPOTENCY_IN_PROGRESS);

      expect(await leases.releaseHeld()).toBe(1);
      const retry = await send();
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toEqual({ charged: true });
      expect(answered).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("app.close() takes no more work, waits the grace, and lets go of the rest: a second process's runner takes it at once", async (context) => {
    // PGlite is one process (ADR 001): a restart frees every lease (leases-after-a-crash.test.ts).
    if (ctx.app.deps.database.kind !== 'postgres') return context.skip();
    const receiver: Receiver = await startReceiver((n) => (n === 1 ? { hang: true } : { status: 200 }));
    let second: TestContext | null = null;
    try {
      const { seller } = await sellerWithProduct(ctx.app);
      await setWebhookUrl(ctx.app.deps, seller.userId, receiver.url, testAuditOf(seller.userId));
      await sendTestWebhook(ctx.app.deps, seller.userId, 'payment.succeeded');
      second = await buildTestApp({
        ...webhookTestConfig({ timeoutMs: 10_000 }),
        databaseUrl: ctx.app.deps.config.databaseUrl,
        shutdownGraceMs: 200,
      });
      await second.app.deps.jobs.start();
      await until(() => receiver.received.length === 1);

      const started = Date.now();
      await second.close();
      second = null;
      expect(Date.now() - started).toBeLessThan(5_000);
      const leasedJobs = await countRows(
        ctx.app,
        sql`select count(*) as n from scheduled_jobs where locked_until > now()`,
      );
      expect(leasedJobs).toBe(0);
      expect(await deliverNow(ctx.app)).toBe(1);
      expect(await onlyDeliveryOf(ctx.app, seller.userId)).toMatchObject({
        status: 'succeeded',
        attempts: 2,
      });
    } finally {
      await second?.close();
      await receiver.close();
    }
  });
});
