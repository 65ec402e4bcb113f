import type { CheckoutPayment } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failAbandonedPayments } from '../../../src/features/checkout/checkout.service.ts';
import {
  type CheckoutContext,
  createCheckoutContext,
} from '../../../src/features/checkout/checkout-context.ts';
import {
  abandonedReason,
  abandonedRefundedReason,
} from '../../../src/features/checkout/checkout-transitions.ts';
import { buildTestApp, type MerchantWallets, type TestContext, walletBalance } from '../../helper.ts';
import {
  CARDS,
  chargeOf,
  eventsFor,
  expectLedgerVerifies,
  getPayment,
  pay,
  quantityOf,
  SANDBOX_OTP,
  sellerWithProduct,
  startBody,
  startedAgo,
  storedStatusOf,
} from './checkout-fixtures.ts';

/*
 * The process is killed (kill -9) after the issuer took the customer's code and captured the charge, before the
 * payment recorded it: the charge is CAPTURED at the network, the payment still CREATED waiting for its code.
 */
describe('a payment whose process died after the issuer took its code', () => {
  let ctx: TestContext;
  let context: CheckoutContext;
  let seller: MerchantWallets;
  let productId: string;

  /** The code reaches the issuer, and nothing after it runs. */
  const codeTakenThenKilled = async (payment: CheckoutPayment) => {
    const charge = await chargeOf(ctx.app, payment.paymentId);
    expect(await ctx.app.deps.payments.submitOtp(charge?.id ?? '', SANDBOX_OTP)).toEqual({
      outcome: 'CAPTURED',
    });
    expect(await storedStatusOf(ctx.app, payment.paymentId)).toBe('CREATED');
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    context = createCheckoutContext(ctx.app.deps, ctx.app.log);
    ({ seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 10 }));
  });
  afterAll(() => ctx.close());

  it('is found paid when the customer reloads the page: booked, not asked for a code again', async () => {
    const payment = await pay(ctx.app, productId, startBody(CARDS.verveOtp));
    await codeTakenThenKilled(payment);

    const reloaded = await getPayment(ctx.app, payment.paymentId);

    expect(reloaded.json()).toMatchObject({
      status: 'SUCCESSFUL',
      nextAction: null,
      sandboxOtp: null,
      failureReason: null,
    });
    expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'CAPTURED' });
    expect((await eventsFor(ctx.app, payment.paymentId)).map((event) => event.type)).toEqual([
      'payment.succeeded',
    ]);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
    expect(await quantityOf(ctx.app, productId)).toBe(9);
    await expectLedgerVerifies(ctx.app);
  });

  it('still asks for the code when the issuer has not taken one', async () => {
    const payment = await pay(ctx.app, productId, startBody(CARDS.verveOtp, { customerName: 'Bola' }));

    expect((await getPayment(ctx.app, payment.paymentId)).json()).toMatchObject({
      status: 'CREATED',
      nextAction: 'OTP',
    });
    expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'OTP_REQUIRED' });
  });

  it('is refunded by the abandoned-payments job, which says the card was charged and refunded', async () => {
    const killed = await pay(ctx.app, productId, startBody(CARDS.verveOtp, { customerName: 'Ngozi' }));
    await codeTakenThenKilled(killed);
    const neverCharged = await pay(ctx.app, productId, startBody(CARDS.verveOtp, { customerName: 'Tunde' }));
    await startedAgo(ctx.app, context.abandonAfterMinutes + 1, killed, neverCharged);
    const balance = await walletBalance(ctx.app, seller.NGN);

    expect(await failAbandonedPayments(context, new Date())).toBe(2);

    const refunded = abandonedRefundedReason(context.abandonAfterMinutes);
    expect(refunded).toBe(
      'The payment was not completed within 30 minutes, so it was cancelled. Your card was charged and the payment refunded.',
    );
    expect((await getPayment(ctx.app, killed.paymentId)).json()).toMatchObject({
      status: 'FAILED',
      failureReason: refunded,
    });
    expect(await chargeOf(ctx.app, killed.paymentId)).toMatchObject({ status: 'REFUNDED' });
    const [event] = await eventsFor(ctx.app, killed.paymentId);
    expect(event?.payload.data).toMatchObject({ status: 'FAILED', failureReason: refunded });

    expect((await getPayment(ctx.app, neverCharged.paymentId)).json()).toMatchObject({
      status: 'FAILED',
      failureReason: abandonedReason(context.abandonAfterMinutes),
    });
    expect(await chargeOf(ctx.app, neverCharged.paymentId)).toMatchObject({ status: 'RELEASED' });
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(balance);
    await expectLedgerVerifies(ctx.app);
  });
});
