import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DECLINE_REASONS } from '../../../src/providers/payments/sandbox-test-cards.ts';
import { dbOf, sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import {
  CARDS,
  chargeFeeToCustomer,
  chargeOf,
  eventsFor,
  eventsOf,
  expectLedgerVerifies,
  newKey,
  pay,
  paymentRow,
  quantityOf,
  SANDBOX_OTP,
  sellerWithProduct,
  startBody,
  startPayment,
  submitOtp,
  transactionsOf,
} from './checkout-fixtures.ts';

describe('outbox events of checkout payments', () => {
  const ctx = useTestApp();

  it('writes exactly one payment.succeeded event, with the reference and amounts, for a successful payment', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app, { amount: 2_500, currency: 'USD' });
    await chargeFeeToCustomer(ctx.app, seller.userId, true);

    const payment = await pay(ctx.app, productId, startBody(CARDS.mastercardApproved, { quantity: 3 }));

    const row = await paymentRow(ctx.app, payment.paymentId);
    const events = await eventsOf(ctx.app, seller.userId);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('payment.succeeded');
    expect(events[0]?.payload).toEqual({
      id: expect.any(String),
      type: 'payment.succeeded',
      createdAt: expect.any(String),
      data: {
        paymentId: payment.paymentId,
        reference: payment.reference,
        transactionId: row.transactionId,
        productId,
        quantity: 3,
        currency: 'USD',
        amount: 7_748,
        fee: 248,
        merchantNet: 7_500,
        feeBearer: 'CUSTOMER',
        status: 'SUCCESSFUL',
        failureReason: null,
        customer: { name: 'Chioma Eze', email: 'chioma@example.com' },
        card: { brand: 'MASTERCARD', last4: '4444' },
      },
    });
    const eventId = (events[0]?.payload as { id?: string } | undefined)?.id;
    const deliveries = await sqlRows<{ handler: string; status: string; attempts: number }>(
      ctx.app,
      sql`select handler, status, attempts from event_deliveries where event_id = ${eventId} order by handler`,
    );
    // No webhooks delivery: this merchant has no endpoint (ADR 068).
    expect(deliveries).toEqual([
      { handler: 'notify', status: 'pending', attempts: 0 },
      { handler: 'receipt-email', status: 'pending', attempts: 0 },
    ]);
  });

  it('writes exactly one payment.failed event, with the reason, for a declined payment', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app);

    const payment = await pay(ctx.app, productId, startBody(CARDS.declined));

    const events = await eventsFor(ctx.app, payment.paymentId);
    expect(events.map((event) => event.type)).toEqual(['payment.failed']);
    expect(events[0]?.payload.data).toMatchObject({
      reference: payment.reference,
      amount: 500_000,
      fee: 17_500,
      merchantNet: 482_500,
      status: 'FAILED',
      failureReason: DECLINE_REASONS.DECLINE,
    });
    expect(await eventsOf(ctx.app, seller.userId)).toHaveLength(1);
  });

  it('writes no event for a payment that has not finished, and one when it does', async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    const payment = await pay(ctx.app, productId, startBody(CARDS.verveOtp));
    await submitOtp(ctx.app, payment.paymentId, '999999');

    expect(await eventsFor(ctx.app, payment.paymentId)).toEqual([]);

    await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);
    await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);
    expect((await eventsFor(ctx.app, payment.paymentId)).map((event) => event.type)).toEqual([
      'payment.succeeded',
    ]);
  });

  describe('when the event cannot be written', () => {
    const outboxDown = async (down: boolean) => {
      const db = dbOf(ctx.app);
      if (!down) {
        await db.execute(sql`drop trigger if exists outbox_down on outbox_events`);
        return;
      }
      await db.execute(sql`create or replace function outbox_down() returns trigger language plpgsql as $$
        begin raise exception 'outbox unavailable'; end $$`);
      await db.execute(sql`create trigger outbox_down before insert on outbox_events
        for each row execute function outbox_down()`);
    };

    it('books nothing of the payment: it is one database transaction with its event', async () => {
      const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 4 });
      const key = newKey();
      const body = startBody(CARDS.visaApproved);
      await outboxDown(true);
      let response: Awaited<ReturnType<typeof startPayment>>;
      try {
        response = await startPayment(ctx.app, productId, body, key);
      } finally {
        await outboxDown(false);
      }

      expect(response.statusCode).toBe(500);
      expect(await transactionsOf(ctx.app, seller.userId)).toEqual([
        expect.objectContaining({ type: 'CREDIT', status: 'CREATED', postingId: null }),
      ]);
      expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);
      expect(await quantityOf(ctx.app, productId)).toBe(4);
      expect(await eventsOf(ctx.app, seller.userId)).toEqual([]);
      await expectLedgerVerifies(ctx.app);

      // The card was authorized; a retry with the same key books it once the outbox is back.
      const retry = await startPayment(ctx.app, productId, body, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ status: 'SUCCESSFUL' });
      expect((await eventsOf(ctx.app, seller.userId)).map((event) => event.type)).toEqual([
        'payment.succeeded',
      ]);
      expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
      expect(await chargeOf(ctx.app, retry.json().paymentId)).toMatchObject({ status: 'CAPTURED' });
      await expectLedgerVerifies(ctx.app);
    });
  });
});
