import type { CheckoutPayment } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failAbandonedPayments } from '../../../src/features/checkout/checkout.service.ts';
import {
  type CheckoutContext,
  createCheckoutContext,
} from '../../../src/features/checkout/checkout-context.ts';
import { abandonedReason, verifyOtp } from '../../../src/features/checkout/checkout-transitions.ts';
import { buildTestApp, type MerchantWallets, type TestContext, walletBalance } from '../../helper.ts';
import {
  CARDS,
  chargeOf,
  eventsFor,
  expectLedgerVerifies,
  getPayment,
  pay,
  paymentRow,
  quantityOf,
  SANDBOX_OTP,
  sellerWithProduct,
  startBody,
  startedAgo,
  storedStatusOf,
  submitOtp,
  transactionsOf,
} from './checkout-fixtures.ts';

const MINUTE = 60_000;

describe('failAbandonedPayments', () => {
  let ctx: TestContext;
  let context: CheckoutContext;
  let seller: MerchantWallets;
  let productId: string;
  const payments: Record<
    'waitingOld' | 'verifiedOld' | 'waitingNew' | 'paidOld' | 'declinedOld',
    CheckoutPayment
  > = {} as never;
  const statusOf = async (payment: CheckoutPayment) => (await getPayment(ctx.app, payment.paymentId)).json();

  beforeAll(async () => {
    ctx = await buildTestApp();
    context = createCheckoutContext(ctx.app.deps, ctx.app.log);
    ({ seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 10 }));
    payments.waitingOld = await pay(ctx.app, productId, startBody(CARDS.verveOtp));
    payments.verifiedOld = await pay(
      ctx.app,
      productId,
      startBody(CARDS.verveOtp, { customerName: 'Ngozi' }),
    );
    // The issuer took the code, then the booking was cut off: OTP_VERIFIED with the charge captured.
    await ctx.app.deps.payments.submitOtp(
      (await chargeOf(ctx.app, payments.verifiedOld.paymentId))?.id ?? '',
      SANDBOX_OTP,
    );
    await verifyOtp(context.db, payments.verifiedOld.paymentId);
    payments.waitingNew = await pay(ctx.app, productId, startBody(CARDS.verveOtp, { customerName: 'Bola' }));
    payments.paidOld = await pay(ctx.app, productId, startBody(CARDS.visaApproved));
    payments.declinedOld = await pay(ctx.app, productId, startBody(CARDS.declined));
    const limit = context.abandonAfterMinutes;
    await startedAgo(
      ctx.app,
      limit + 1,
      payments.waitingOld,
      payments.verifiedOld,
      payments.paidOld,
      payments.declinedOld,
    );
    await startedAgo(ctx.app, limit - 1, payments.waitingNew);
  });
  afterAll(() => ctx.close());

  it('fails payments left in CREATED past the limit with a reason and one payment.failed each, and books one whose code was accepted', async () => {
    expect(await storedStatusOf(ctx.app, payments.verifiedOld.paymentId)).toBe('OTP_VERIFIED');
    const paidBefore = await statusOf(payments.paidOld);
    const declinedBefore = await statusOf(payments.declinedOld);

    const failed = await failAbandonedPayments(context, new Date());

    expect(failed).toBe(1);
    const reason = abandonedReason(context.abandonAfterMinutes);
    expect(reason).toBe(
      'The payment was not completed within 30 minutes, so it was cancelled. Your card was not charged.',
    );
    for (const payment of [payments.waitingOld]) {
      expect(await statusOf(payment)).toMatchObject({
        status: 'FAILED',
        nextAction: null,
        failureReason: reason,
        completedAt: expect.any(String),
      });
      const events = await eventsFor(ctx.app, payment.paymentId);
      expect(events.map((event) => event.type)).toEqual(['payment.failed']);
      expect(events[0]?.payload.data).toMatchObject({
        reference: payment.reference,
        amount: payment.total,
        status: 'FAILED',
        failureReason: reason,
      });
      expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'RELEASED' });
    }
    // Its money was taken when the code was accepted: it is booked, not failed for being slow.
    expect(await statusOf(payments.verifiedOld)).toMatchObject({ status: 'SUCCESSFUL', failureReason: null });
    expect(await chargeOf(ctx.app, payments.verifiedOld.paymentId)).toMatchObject({ status: 'CAPTURED' });
    expect((await eventsFor(ctx.app, payments.verifiedOld.paymentId)).map((event) => event.type)).toEqual([
      'payment.succeeded',
    ]);
    expect(await statusOf(payments.waitingNew)).toMatchObject({ status: 'CREATED', nextAction: 'OTP' });
    expect(await eventsFor(ctx.app, payments.waitingNew.paymentId)).toEqual([]);
    expect(await statusOf(payments.paidOld)).toEqual(paidBefore);
    expect(await statusOf(payments.declinedOld)).toEqual(declinedBefore);
    expect(await eventsFor(ctx.app, payments.paidOld.paymentId)).toHaveLength(1);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(2 * 482_500);
    expect(await quantityOf(ctx.app, productId)).toBe(8);
    await expectLedgerVerifies(ctx.app);
  });

  it('changes nothing more when it runs again', async () => {
    const before = {
      transactions: await transactionsOf(ctx.app, seller.userId),
      payments: await Promise.all(
        Object.values(payments).map((payment) => paymentRow(ctx.app, payment.paymentId)),
      ),
    };

    expect(await failAbandonedPayments(context, new Date())).toBe(0);

    expect(await transactionsOf(ctx.app, seller.userId)).toEqual(before.transactions);
    expect(
      await Promise.all(Object.values(payments).map((payment) => paymentRow(ctx.app, payment.paymentId))),
    ).toEqual(before.payments);
  });

  it('answers a late code for an abandoned payment with the failed payment', async () => {
    const response = await submitOtp(ctx.app, payments.waitingOld.paymentId, SANDBOX_OTP);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'FAILED' });
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(2 * 482_500);
  });

  it('fails the newer one too once its time is up, a batch at a time', async () => {
    const later = new Date(Date.now() + 2 * MINUTE);

    expect(await failAbandonedPayments(context, later, 1)).toBe(1);

    expect(await statusOf(payments.waitingNew)).toMatchObject({ status: 'FAILED' });
    expect((await eventsFor(ctx.app, payments.waitingNew.paymentId)).map((event) => event.type)).toEqual([
      'payment.failed',
    ]);
    expect(await failAbandonedPayments(context, later, 1)).toBe(0);
    expect(await quantityOf(ctx.app, productId)).toBe(8);
    await expectLedgerVerifies(ctx.app);
  });
});
