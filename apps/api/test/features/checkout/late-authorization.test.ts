import { StartPaymentSchema } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failAbandonedPayments, startPayment } from '../../../src/features/checkout/checkout.service.ts';
import {
  type CheckoutContext,
  createCheckoutContext,
} from '../../../src/features/checkout/checkout-context.ts';
import { abandonedReason } from '../../../src/features/checkout/checkout-transitions.ts';
import { buildTestApp, type TestContext, walletBalance } from '../../helper.ts';
import {
  CARDS,
  chargeOf,
  eventsFor,
  expectLedgerVerifies,
  newKey,
  paymentRow,
  quantityOf,
  sellerWithProduct,
  startBody,
} from './checkout-fixtures.ts';

const DAY = 24 * 60 * 60_000;

describe('a payment abandoned while its card is being asked', () => {
  let ctx: TestContext;
  let context: CheckoutContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const base = createCheckoutContext(ctx.app.deps, ctx.app.log);
    // The acquirer answers so late that the abandoned-payment job fails the payment first.
    context = {
      ...base,
      provider: {
        ...base.provider,
        charge: async (request) => {
          await failAbandonedPayments(base, new Date(Date.now() + DAY));
          return base.provider.charge(request);
        },
      },
    };
  });
  afterAll(() => ctx.close());

  it.each([
    ['an approved card (refunded: it was captured at once)', CARDS.visaApproved, 'REFUNDED'],
    ['a card asking for an OTP (released: it waited for its code)', CARDS.verveOtp, 'RELEASED'],
  ])('stays FAILED and gives back the charge of %s', async (_, card, chargeEnd) => {
    const { seller, productId } = await sellerWithProduct(ctx.app);
    const input = StartPaymentSchema.parse(startBody(card));

    const { payment } = await startPayment(context, productId, newKey(), input);

    expect(payment).toMatchObject({
      status: 'FAILED',
      nextAction: null,
      failureReason: abandonedReason(context.abandonAfterMinutes),
    });
    expect((await chargeOf(ctx.app, payment.paymentId))?.status).toBe(chargeEnd);
    expect((await paymentRow(ctx.app, payment.paymentId))?.nextAction).toBeNull();
    expect((await eventsFor(ctx.app, payment.paymentId)).map((event) => event.type)).toEqual([
      'payment.failed',
    ]);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);
    expect(await quantityOf(ctx.app, productId)).toBe(10);
    await expectLedgerVerifies(ctx.app);
  });
});
