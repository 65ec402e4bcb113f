import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '../../../src/db/schema/index.ts';
import {
  CHOSE_ANOTHER_CARD,
  SOLD_OUT_WHILE_PAYING,
  verifyOtp,
} from '../../../src/features/checkout/checkout-transitions.ts';
import { DECLINE_REASONS } from '../../../src/providers/payments/sandbox-test-cards.ts';
import { dbOf, sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import {
  CARDS,
  cancelForAnotherCard,
  chargeOf,
  eventsOf,
  expectLedgerVerifies,
  getPayment,
  pay,
  quantityOf,
  SANDBOX_OTP,
  sellerWithProduct,
  startBody,
  startPayment,
  storedStatusOf,
  submitOtp,
  transactionsOf,
} from './checkout-fixtures.ts';

describe('POST /api/checkout/payments/:paymentId/otp', () => {
  const ctx = useTestApp();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A seller whose product is paid for with the OTP test card: the payment waits for its code. */
  async function waitingForCode(product: Parameters<typeof sellerWithProduct>[1] = {}) {
    const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 5, ...product });
    const payment = await pay(ctx.app, productId, startBody(CARDS.verveOtp));
    expect(payment).toMatchObject({ status: 'CREATED', nextAction: 'OTP' });
    return { seller, productId, payment };
  }

  /** Statuses the seller's CREDIT ever had: the trigger-kept counters keep a row (count 0) for each one left. */
  const creditStatusesSeen = async (walletId: string) =>
    (
      await sqlRows<{ status: string }>(
        ctx.app,
        sql`select transaction_status as status from transaction_counters
            where wallet_id = ${walletId} and transaction_type = 'CREDIT' order by transaction_status`,
      )
    ).map((row) => row.status);

  it('books the payment on the right code: OTP_VERIFIED on the way, SUCCESSFUL at the end', async () => {
    const { seller, productId, payment } = await waitingForCode();

    const response = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      paymentId: payment.paymentId,
      status: 'SUCCESSFUL',
      nextAction: null,
      failureReason: null,
    });
    expect(await creditStatusesSeen(seller.NGN)).toEqual(['CREATED', 'OTP_VERIFIED', 'SUCCESSFUL']);
    const [credit, fee] = await transactionsOf(ctx.app, seller.userId);
    expect(credit).toMatchObject({ type: 'CREDIT', status: 'SUCCESSFUL', amount: 500_000 });
    expect(fee).toMatchObject({ type: 'DEBIT', amount: 17_500, parentTransactionId: credit?.id });
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
    expect(await quantityOf(ctx.app, productId)).toBe(4);
    expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'CAPTURED' });
    await expectLedgerVerifies(ctx.app);
  });

  it('answers a second code for a finished payment with the payment unchanged', async () => {
    const { seller, payment } = await waitingForCode();
    const finished = (await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP)).json();
    const providerOtp = vi.spyOn(ctx.app.deps.payments, 'submitOtp');

    const again = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);
    const wrong = await submitOtp(ctx.app, payment.paymentId, '000000');

    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(finished);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual(finished);
    expect(providerOtp).not.toHaveBeenCalled();
    expect(await transactionsOf(ctx.app, seller.userId)).toHaveLength(2);
    expect(await eventsOf(ctx.app, seller.userId)).toHaveLength(1);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
  });

  it('refuses a wrong code with the attempts left, and still books the right one after it', async () => {
    const { seller, payment } = await waitingForCode();

    const first = await submitOtp(ctx.app, payment.paymentId, '111111');
    const second = await submitOtp(ctx.app, payment.paymentId, '222222');

    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ error: 'That code is not correct. 2 attempts left.', code: 'WRONG_OTP' });
    expect(second.json()).toEqual({ error: 'That code is not correct. 1 attempt left.', code: 'WRONG_OTP' });
    expect((await getPayment(ctx.app, payment.paymentId)).json()).toMatchObject({
      status: 'CREATED',
      nextAction: 'OTP',
    });
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);

    const right = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);
    expect(right.json()).toMatchObject({ status: 'SUCCESSFUL' });
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
  });

  it('fails the payment on the third wrong code: nothing posted, no stock taken, hold declined', async () => {
    const { seller, productId, payment } = await waitingForCode();
    await submitOtp(ctx.app, payment.paymentId, '111111');
    await submitOtp(ctx.app, payment.paymentId, '222222');

    const third = await submitOtp(ctx.app, payment.paymentId, '333333');

    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({
      status: 'FAILED',
      nextAction: null,
      failureReason: DECLINE_REASONS.TOO_MANY_WRONG_OTPS,
    });
    expect(await transactionsOf(ctx.app, seller.userId)).toEqual([
      expect.objectContaining({ type: 'CREDIT', status: 'FAILED', postingId: null }),
    ]);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);
    expect(await quantityOf(ctx.app, productId)).toBe(5);
    expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({
      status: 'DECLINED',
      wrongOtpAttempts: 3,
    });
    const late = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);
    expect(late.json()).toEqual(third.json());
    expect((await eventsOf(ctx.app, seller.userId)).map((event) => event.type)).toEqual(['payment.failed']);
    await expectLedgerVerifies(ctx.app);
  });

  /** Fails every booking until the returned undo runs: a crash between "code accepted" and "booked". */
  async function bookingsCrash() {
    await dbOf(ctx.app).execute(
      sql`alter table ledger_postings add constraint crash_before_booking check (false) not valid`,
    );
    return () => dbOf(ctx.app).execute(sql`alter table ledger_postings drop constraint crash_before_booking`);
  }

  it('finishes a payment left OTP_VERIFIED (the code was accepted, the booking cut off) on the next submit', async () => {
    const { seller, payment } = await waitingForCode();
    await ctx.app.deps.payments.submitOtp(
      (await chargeOf(ctx.app, payment.paymentId))?.id ?? '',
      SANDBOX_OTP,
    );
    await verifyOtp(dbOf(ctx.app), payment.paymentId);

    const response = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);

    expect(response.json()).toMatchObject({ status: 'SUCCESSFUL' });
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
    expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'CAPTURED' });
  });

  it("books a payment whose booking crashed after the code was accepted on the payment page's next poll", async () => {
    const { seller, productId, payment } = await waitingForCode();
    const recover = await bookingsCrash();
    const crashed = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);
    await recover();
    expect(crashed.statusCode).toBe(500);
    expect(await storedStatusOf(ctx.app, payment.paymentId)).toBe('OTP_VERIFIED');
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);

    const poll = await getPayment(ctx.app, payment.paymentId);

    expect(poll.json()).toMatchObject({ status: 'SUCCESSFUL', nextAction: null });
    expect((await getPayment(ctx.app, payment.paymentId)).json()).toEqual(poll.json());
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
    expect(await quantityOf(ctx.app, productId)).toBe(4);
    expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'CAPTURED' });
    expect((await eventsOf(ctx.app, seller.userId)).map((event) => event.type)).toEqual([
      'payment.succeeded',
    ]);
    await expectLedgerVerifies(ctx.app);
  });

  it('books a payment whose booking crashed after the card was charged when the start is retried with its key', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 5 });
    const key = `crash-${randomUUID()}`;
    const recover = await bookingsCrash();
    const crashed = await startPayment(ctx.app, productId, startBody(CARDS.visaApproved), key);
    await recover();
    expect(crashed.statusCode).toBe(500);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);

    const retry = await startPayment(ctx.app, productId, startBody(CARDS.visaApproved), key);

    // 200: the payment the first attempt created, found again.
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'SUCCESSFUL' });
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
    expect(await quantityOf(ctx.app, productId)).toBe(4);
    expect(await chargeOf(ctx.app, retry.json().paymentId)).toMatchObject({ status: 'CAPTURED' });
    await expectLedgerVerifies(ctx.app);
  });

  it('fails the payment when the product sold out while the customer fetched the code, and refunds the charge', async () => {
    const { seller, productId, payment } = await waitingForCode({ quantityAvailable: 1 });
    const other = await pay(
      ctx.app,
      productId,
      startBody(CARDS.visaApproved, { customerName: 'Tunde Bakare' }),
    );
    expect(other.status).toBe('SUCCESSFUL');

    const response = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);

    expect(response.json()).toMatchObject({ status: 'FAILED', failureReason: SOLD_OUT_WHILE_PAYING });
    expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'REFUNDED' });
    expect(await quantityOf(ctx.app, productId)).toBe(0);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
    expect((await eventsOf(ctx.app, seller.userId)).map((event) => event.type)).toEqual([
      'payment.succeeded',
      'payment.failed',
    ]);
    await expectLedgerVerifies(ctx.app);
  });

  it('keeps the price the payment started with when the merchant changes it before the code arrives', async () => {
    const { seller, productId, payment } = await waitingForCode();
    await dbOf(ctx.app).update(products).set({ amount: 900_000 }).where(eq(products.id, productId));

    const response = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);

    expect(response.json()).toMatchObject({ status: 'SUCCESSFUL', unitAmount: 500_000, total: 500_000 });
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
  });

  it('answers 409 for a payment that is not waiting for a code', async () => {
    const { productId } = await sellerWithProduct(ctx.app);
    vi.spyOn(ctx.app.deps.payments, 'charge').mockRejectedValueOnce(new Error('acquirer timed out'));
    await startPayment(ctx.app, productId, startBody(CARDS.visaApproved));
    const [row] = await sqlRows<{ id: string }>(
      ctx.app,
      sql`select id from checkout_payments where product_id = ${productId}`,
    );

    const response = await submitOtp(ctx.app, row?.id ?? '', SANDBOX_OTP);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'This payment is not waiting for a code.',
      code: 'NO_CODE_EXPECTED',
    });
  });

  it('answers 404 for an unknown payment and 400 for a code that is not six digits', async () => {
    expect((await submitOtp(ctx.app, randomUUID(), SANDBOX_OTP)).statusCode).toBe(404);
    const { payment } = await waitingForCode();
    const malformed = await submitOtp(ctx.app, payment.paymentId, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Enter the 6-digit code');
    expect((await chargeOf(ctx.app, payment.paymentId))?.wrongOtpAttempts).toBe(0);
  });

  describe('POST /api/checkout/payments/:paymentId/cancel (the customer chose another card)', () => {
    it('fails a payment waiting for its code at once and releases its hold; a late code changes nothing', async () => {
      const { seller, productId, payment } = await waitingForCode();

      const cancelled = await cancelForAnotherCard(ctx.app, payment.paymentId);

      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        status: 'FAILED',
        nextAction: null,
        failureReason: CHOSE_ANOTHER_CARD,
      });
      expect(await transactionsOf(ctx.app, seller.userId)).toEqual([
        expect.objectContaining({ type: 'CREDIT', status: 'FAILED', postingId: null }),
      ]);
      expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'RELEASED' });
      const late = await submitOtp(ctx.app, payment.paymentId, SANDBOX_OTP);
      expect(late.json()).toEqual(cancelled.json());
      expect((await cancelForAnotherCard(ctx.app, payment.paymentId)).json()).toEqual(cancelled.json());
      expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);
      expect(await quantityOf(ctx.app, productId)).toBe(5);
      expect((await eventsOf(ctx.app, seller.userId)).map((event) => event.type)).toEqual(['payment.failed']);
      await expectLedgerVerifies(ctx.app);
    });

    it('leaves a paid payment paid, and books one whose code was accepted before the cancel', async () => {
      const paid = await waitingForCode();
      const booked = (await submitOtp(ctx.app, paid.payment.paymentId, SANDBOX_OTP)).json();
      expect((await cancelForAnotherCard(ctx.app, paid.payment.paymentId)).json()).toEqual(booked);

      const { seller, payment } = await waitingForCode();
      await verifyOtp(dbOf(ctx.app), payment.paymentId);
      const cancelled = await cancelForAnotherCard(ctx.app, payment.paymentId);
      expect(cancelled.json()).toMatchObject({ status: 'SUCCESSFUL' });
      expect(await walletBalance(ctx.app, seller.NGN)).toBeGreaterThan(0);
      await expectLedgerVerifies(ctx.app);
    });

    it('a code and a cancel at the same moment: each payment ends paid and captured, or failed and given back', async () => {
      const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 50 });
      const payments = [];
      for (let index = 0; index < 8; index++)
        payments.push(await pay(ctx.app, productId, startBody(CARDS.verveOtp)));

      const answers = await Promise.all(
        payments.map(async ({ paymentId }) => {
          const [code, cancel] = await Promise.all([
            submitOtp(ctx.app, paymentId, SANDBOX_OTP),
            cancelForAnotherCard(ctx.app, paymentId),
          ]);
          return { paymentId, code, cancel };
        }),
      );

      let paid = 0;
      for (const { paymentId, code, cancel } of answers) {
        expect([code.statusCode, cancel.statusCode], paymentId).toEqual([200, 200]);
        const status = await storedStatusOf(ctx.app, paymentId);
        const charge = await chargeOf(ctx.app, paymentId);
        if (status === 'SUCCESSFUL') {
          expect(charge?.status, paymentId).toBe('CAPTURED');
          paid += 1;
        } else {
          expect(status, paymentId).toBe('FAILED');
          expect(['RELEASED', 'REFUNDED', 'DECLINED'], paymentId).toContain(charge?.status);
        }
        // Whatever each request answered, the payment page now shows where the payment ended.
        expect((await getPayment(ctx.app, paymentId)).json().status).toBe(status);
      }
      const successful = (await transactionsOf(ctx.app, seller.userId)).filter(
        (transaction) => transaction.type === 'CREDIT' && transaction.status === 'SUCCESSFUL',
      );
      expect(successful).toHaveLength(paid);
      expect(await quantityOf(ctx.app, productId)).toBe(50 - paid);
      await expectLedgerVerifies(ctx.app);
    });

    it('answers 404 for an unknown payment and 400 for an id that is not one', async () => {
      expect((await cancelForAnotherCard(ctx.app, randomUUID())).statusCode).toBe(404);
      const malformed = await cancelForAnotherCard(ctx.app, 'not-a-payment%00');
      expect(malformed.statusCode).toBe(400);
    });
  });
});
