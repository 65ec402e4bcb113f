import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helper.ts';
import { CARDS, pay, SANDBOX_OTP, sellerWithProduct, startBody, submitOtp } from './checkout-fixtures.ts';

describe("the customer's receipt email", () => {
  /** What the address received once the event pipeline has handled everything due. */
  const mailbox = async (address: string) => {
    await ctx.app.deps.jobs.runDueEvents();
    return ctx.app.deps.email.mailbox(address);
  };

  const ctx = useTestApp();

  it('goes out once the payment is booked, with the amount, the order, the reference and the card', async () => {
    const { productId } = await sellerWithProduct(ctx.app, { productName: 'Suya platter', amount: 500_000 });
    const body = startBody(CARDS.visaApproved, { quantity: 2, customerEmail: 'Amaka@Example.com' });

    const payment = await pay(ctx.app, productId, body);

    const [receipt, ...others] = await mailbox('amaka@example.com');
    expect(others).toEqual([]);
    expect(receipt?.subject).toMatch(/^Your receipt from .+: ₦10,000\.00$/);
    expect(receipt?.text).toContain('Hi Chioma Eze,');
    expect(receipt?.text).toContain('Amount paid: ₦10,000.00');
    expect(receipt?.text).toContain('For: Suya platter × 2');
    expect(receipt?.text).toContain(`Reference: ${payment.reference}`);
    expect(receipt?.text).toContain('Card: Visa •••• 4242');
    expect(receipt?.text).toMatch(/Date: \d{2} \w{3} \d{4}, \d{2}:\d{2} UTC/);
    expect(receipt?.text).not.toContain('4242424242424242');
  });

  it('waits for the code: nothing while the card asks for it, one receipt once it is right', async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    const payment = await pay(
      ctx.app,
      productId,
      startBody(CARDS.verveOtp, { customerEmail: 'tobi@example.com' }),
    );
    expect(await mailbox('tobi@example.com')).toEqual([]);

    await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);
    await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);

    expect((await mailbox('tobi@example.com')).map((email) => email.text)).toEqual([
      expect.stringContaining(`Reference: ${payment.reference}`),
    ]);
  });

  it('is not sent for a payment that failed', async () => {
    const { productId } = await sellerWithProduct(ctx.app);

    await pay(ctx.app, productId, startBody(CARDS.declined, { customerEmail: 'ify@example.com' }));

    expect(await mailbox('ify@example.com')).toEqual([]);
  });
});
