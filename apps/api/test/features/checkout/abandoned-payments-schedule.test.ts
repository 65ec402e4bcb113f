import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutPayments, scheduledJobs } from '../../../src/db/schema/index.ts';
import { buildTestApp, dbOf, type TestContext } from '../../helper.ts';
import { CARDS, getPayment, pay, sellerWithProduct, startBody } from './checkout-fixtures.ts';

describe('the abandoned-payments job in a running server', () => {
  let ctx: TestContext;
  let productId: string;

  /** A customer who reached the OTP step and walked away `minutes` ago. */
  async function walkedAway(minutes: number) {
    const payment = await pay(ctx.app, productId, startBody(CARDS.verveOtp));
    await dbOf(ctx.app)
      .update(checkoutPayments)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(checkoutPayments.id, payment.paymentId));
    return payment.paymentId;
  }
  const statusOf = async (paymentId: string) => (await getPayment(ctx.app, paymentId)).json().status;
  const jobRow = async () => {
    const [row] = await dbOf(ctx.app)
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'abandoned-payments'));
    return row;
  };

  beforeAll(async () => {
    ctx = await buildTestApp({ jobsEnabled: true });
    await ctx.app.ready();
    ({ productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 10 }));
  });
  afterAll(() => ctx.close());

  it('runs as soon as the server is ready, then is due again a minute later', async () => {
    await vi.waitFor(async () => expect((await jobRow())?.lastRunAt).toBeInstanceOf(Date));
    const row = await jobRow();
    const minuteLater = (row?.lastRunAt?.getTime() ?? 0) + 60_000;
    expect(Math.abs((row?.nextRunAt.getTime() ?? 0) - minuteLater)).toBeLessThan(2_000);
  });

  it('fails what was abandoned when it next runs, and leaves what is still in time', async () => {
    const stale = await walkedAway(45);
    const fresh = await walkedAway(5);

    // A minute passes: the job is due, and the running server's poll picks it up.
    await dbOf(ctx.app).update(scheduledJobs).set({ nextRunAt: sql`now()` });

    await vi.waitFor(async () => expect(await statusOf(stale)).toBe('FAILED'), { timeout: 5_000 });
    expect(await statusOf(fresh)).toBe('CREATED');
  });
});
