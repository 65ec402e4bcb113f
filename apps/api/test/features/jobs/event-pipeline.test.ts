import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventHandlers } from '../../../src/jobs/handlers.ts';
import { createJobRunner, type JobRunnerOptions } from '../../../src/jobs/job-runner.ts';
import type { EventHandlers } from '../../../src/jobs/subscriptions.ts';
import { buildTestApp, dbOf, sqlRows, type TestContext } from '../../helper.ts';
import { pay, sellerWithProduct, startBody } from '../checkout/checkout-fixtures.ts';

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
}

describe('the event pipeline', () => {
  let ctx: TestContext;
  const mailbox = (address: string) => ctx.app.deps.email.mailbox(address);
  const deliveriesOf = (paymentId: string) =>
    sqlRows<DeliveryRow>(
      ctx.app,
      sql`select d.id, d.status, d.attempts, d.next_attempt_at, d.last_error
          from event_deliveries d join outbox_events e on e.id = d.event_id
          where e.payload -> 'data' ->> 'paymentId' = ${paymentId} and d.handler = 'receipt-email'`,
    );
  const attemptsOf = (deliveryId: string) =>
    sqlRows<{ attempt: number; succeeded: boolean; error: string | null }>(
      ctx.app,
      sql`select attempt, succeeded, error from event_delivery_attempts
          where delivery_id = ${deliveryId} order by attempt`,
    );
  /** A worker of another process (or of this one after a restart) on the same database. */
  const runner = (handlers: EventHandlers, options: Pick<JobRunnerOptions, 'retries'> = {}) =>
    createJobRunner({ db: dbOf(ctx.app), log: ctx.app.log, handlers, ...options });

  const quietHandlers: EventHandlers = {
    'receipt-email': async () => {},
    notify: async () => {},
    'password-changed-email': async () => {},
    'refund-email': async () => {},
    'dispute-email': async () => {},
    webhooks: async () => {},
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('delivers a receipt committed before a crash once the worker runs again, and only once', async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    // The payment commits, then the process dies before its worker handled the event.
    const payment = await pay(ctx.app, productId, startBody(undefined, { customerEmail: 'ada@example.com' }));
    expect(await mailbox('ada@example.com')).toEqual([]);
    expect((await deliveriesOf(payment.paymentId))[0]).toMatchObject({ status: 'pending', attempts: 0 });

    const restarted = runner(createEventHandlers(ctx.app.deps));
    await restarted.runDueEvents();
    await restarted.runDueEvents();

    const received = await mailbox('ada@example.com');
    expect(received.map((email) => email.text)).toEqual([
      expect.stringContaining(`Reference: ${payment.reference}`),
    ]);
    const [delivery] = await deliveriesOf(payment.paymentId);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    expect(await attemptsOf(delivery?.id ?? '')).toEqual([{ attempt: 1, succeeded: true, error: null }]);
  });

  it('retries a failing handler with growing waits, then keeps the delivery as dead with every attempt', async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    const payment = await pay(
      ctx.app,
      productId,
      startBody(undefined, { customerEmail: 'bisi@example.com' }),
    );
    const failing = runner(
      { ...quietHandlers, 'receipt-email': async () => Promise.reject(new Error('mail server unreachable')) },
      // Three attempts: about 1 s, then about 2 s between them.
      { retries: { waitsMs: [1_000, 2_000], afterLast: 'give-up', jitter: [0.5, 1] } },
    );
    const waits: { atLeast: number; atMost: number }[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      // Time passes until the retry is due.
      await dbOf(ctx.app).execute(
        sql`update event_deliveries set next_attempt_at = now() where status = 'pending'`,
      );
      const before = Date.now();
      await failing.runDueEvents();
      const after = Date.now();
      const [delivery] = await deliveriesOf(payment.paymentId);
      // The retry time is set while the run is under way: bound the wait from both ends of the run, so a slow
      // machine stretches neither band.
      if (delivery?.status === 'pending') {
        const retryAt = new Date(delivery.next_attempt_at).getTime();
        waits.push({ atLeast: retryAt - after, atMost: retryAt - before });
      }
    }

    const [delivery] = await deliveriesOf(payment.paymentId);
    expect(delivery).toMatchObject({ status: 'dead', attempts: 3, last_error: 'mail server unreachable' });
    expect(await attemptsOf(delivery?.id ?? '')).toEqual(
      [1, 2, 3].map((attempt) => ({
        attempt,
        succeeded: false,
        error: 'mail server unreachable',
      })),
    );
    // About 1 s, then about 2 s (jitter keeps each within its half-open band).
    expect(waits).toHaveLength(2);
    expect(waits[0]?.atMost).toBeGreaterThanOrEqual(500);
    expect(waits[0]?.atLeast).toBeLessThanOrEqual(1_000);
    expect(waits[1]?.atMost).toBeGreaterThanOrEqual(1_000);
    expect(waits[1]?.atLeast).toBeLessThanOrEqual(2_000);
    expect(await mailbox('bisi@example.com')).toEqual([]);

    // Dead is dead: a later run does not pick it up again.
    await failing.runDueEvents();
    expect((await deliveriesOf(payment.paymentId))[0]?.attempts).toBe(3);
  });

  it('never lets two workers handle the same delivery at once', async () => {
    const { productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 100 });
    const payments = [];
    for (let i = 0; i < 12; i++) payments.push(await pay(ctx.app, productId));
    const handled = new Map<string, number>();
    const slowHandler: EventHandlers = {
      ...quietHandlers,
      'receipt-email': async (_event, { deliveryId }) => {
        handled.set(deliveryId, (handled.get(deliveryId) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };

    await Promise.all([runner(slowHandler).runDueEvents(), runner(slowHandler).runDueEvents()]);

    const deliveries = (await Promise.all(payments.map((payment) => deliveriesOf(payment.paymentId)))).flat();
    expect(deliveries).toHaveLength(12);
    expect(deliveries.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(
      true,
    );
    expect([...handled.values()]).toEqual(Array(12).fill(1));
  });

  it('hands back what a batch could not start in time: untried, not counted, delivered by the next claim', async () => {
    const { productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 100 });
    const payments = [];
    for (let i = 0; i < 3; i++) payments.push(await pay(ctx.app, productId));
    let calls = 0;
    const slowHandlers: EventHandlers = {
      ...quietHandlers,
      // Longer than half the time limit: after the first, nothing else of its batch may start.
      'receipt-email': async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 150));
      },
    };
    const slow = createJobRunner({
      db: dbOf(ctx.app),
      log: ctx.app.log,
      handlers: slowHandlers,
      handlerTimeoutMs: 200,
      concurrency: 1,
    });

    await slow.runDueEvents();

    const deliveries = (await Promise.all(payments.map((payment) => deliveriesOf(payment.paymentId)))).flat();
    expect(calls).toBe(3);
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual(
      Array(3).fill(['delivered', 1]),
    );
    for (const delivery of deliveries) {
      expect(await attemptsOf(delivery.id)).toEqual([{ attempt: 1, succeeded: true, error: null }]);
    }
  });

  it('writes no webhook delivery for a merchant without an endpoint, and one for a merchant with one', async () => {
    const without = await sellerWithProduct(ctx.app);
    const withEndpoint = await sellerWithProduct(ctx.app);
    await dbOf(ctx.app).execute(
      sql`insert into webhook_endpoints (user_id, url, secret_sealed)
          values (${withEndpoint.seller.userId}, 'https://merchant.example/hooks', 'sealed')`,
    );
    const handlersOf = async (productId: string) => {
      const payment = await pay(ctx.app, productId);
      const rows = await sqlRows<{ handler: string }>(
        ctx.app,
        sql`select d.handler from event_deliveries d join outbox_events e on e.id = d.event_id
            where e.payload -> 'data' ->> 'paymentId' = ${payment.paymentId} order by d.handler`,
      );
      return rows.map((row) => row.handler);
    };

    expect(await handlersOf(without.productId)).toEqual(['notify', 'receipt-email']);
    expect(await handlersOf(withEndpoint.productId)).toEqual(['notify', 'receipt-email', 'webhooks']);
  });

  it('runs handlers on connections of their own, whose commits wait for no flush on PostgreSQL', async () => {
    const { database } = ctx.app.deps;
    const synchronousCommit = async (db: typeof database.db) =>
      (
        (await db.execute(sql`show synchronous_commit`)) as unknown as {
          rows: { synchronous_commit: string }[];
        }
      ).rows[0];
    const [requests, setting] = [
      await synchronousCommit(database.db),
      await synchronousCommit(database.jobsDb),
    ];
    expect(requests?.synchronous_commit).toBe('on');
    expect(setting?.synchronous_commit).toBe(database.kind === 'postgres' ? 'off' : 'on');
  });
});

/*
 * Two API processes with their job runners on, as in a deployment behind a balancer: on PostgreSQL they share one
 * database (PGlite is one process, so there the second role is played by the same instance).
 */
describe('the event pipeline on two API processes', () => {
  let first: TestContext;
  let second: TestContext;
  const onPostgres = () => first.app.deps.database.kind === 'postgres';

  beforeAll(async () => {
    first = await buildTestApp({ jobsEnabled: true });
    second = onPostgres()
      ? await buildTestApp({ jobsEnabled: true, databaseUrl: first.app.deps.config.databaseUrl })
      : first;
    await Promise.all([first.app.ready(), second.app.ready()]);
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  it('delivers each event written through one process exactly once, whichever process picks it up', async () => {
    const { productId } = await sellerWithProduct(first.app, { quantityAvailable: 100 });
    const emails = Array.from({ length: 8 }, (_, i) => `buyer-${i}-${Date.now()}@example.com`);
    for (const [i, customerEmail] of emails.entries()) {
      const app = i % 2 === 0 ? first.app : second.app;
      await pay(app, productId, startBody(undefined, { customerEmail }));
    }

    await vi.waitFor(
      async () => {
        const pending = await sqlRows<{ n: number }>(
          first.app,
          sql`select count(*)::int as n from event_deliveries where status <> 'delivered'`,
        );
        expect(pending[0]?.n).toBe(0);
      },
      { timeout: 10_000, interval: 200 },
    );
    for (const address of emails) expect(await first.app.deps.email.mailbox(address)).toHaveLength(1);
    const attempts = await sqlRows<{ attempts: number; rows: number }>(
      first.app,
      sql`select d.attempts, (select count(*)::int from event_delivery_attempts a where a.delivery_id = d.id) as rows
          from event_deliveries d`,
    );
    expect(attempts.length).toBeGreaterThanOrEqual(8);
    expect(attempts.every((row) => row.attempts === 1 && row.rows === 1)).toBe(true);
  });
});
