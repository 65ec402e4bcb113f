import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutPayments } from '../../../src/db/schema/index.ts';
import { createCheckoutContext } from '../../../src/features/checkout/checkout-context.ts';
import { scheduleAbandonedPayments } from '../../../src/jobs/abandoned-payments.ts';
import { buildTestApp, dbOf, type TestContext } from '../../helper.ts';
import { CARDS, getPayment, pay, sellerWithProduct, startBody } from './checkout-fixtures.ts';

type Hook = () => Promise<void>;

describe('the abandoned-payments job in a running server', () => {
  let ctx: TestContext;
  let productId: string;
  const hooks: Record<string, Hook> = {};

  /** A customer who reached the OTP step and walked away `minutes` ago. */
  async function walkedAway(minutes: number) {
    const payment = await pay(ctx.app, productId, startBody(CARDS.verveOtp));
    await dbOf(ctx.app)
      .update(checkoutPayments)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(sql`${checkoutPayments.id} = ${payment.paymentId}`);
    return payment.paymentId;
  }
  const statusOf = async (paymentId: string) => (await getPayment(ctx.app, paymentId)).json().status;

  beforeAll(async () => {
    ctx = await buildTestApp();
    ({ productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 10 }));
    // Only the job's own timer is faked; the database and the server keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = {
      log: ctx.app.log,
      addHook: (name: string, hook: Hook) => {
        hooks[name] = hook;
      },
    } as unknown as FastifyInstance;
    scheduleAbandonedPayments(server, createCheckoutContext(ctx.app.deps, ctx.app.log));
  });
  afterAll(async () => {
    await hooks.onClose?.();
    vi.useRealTimers();
    await ctx.close();
  });

  it('fails what was abandoned before the server started, as soon as it is ready', async () => {
    const stale = await walkedAway(45);
    const fresh = await walkedAway(5);

    await hooks.onReady?.();

    await vi.waitFor(async () => expect(await statusOf(stale)).toBe('FAILED'));
    expect(await statusOf(fresh)).toBe('CREATED');
  });

  it('then looks again every minute', async () => {
    const stale = await walkedAway(31);

    vi.advanceTimersByTime(60_000);

    await vi.waitFor(async () => expect(await statusOf(stale)).toBe('FAILED'));
  });
});
