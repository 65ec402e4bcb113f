import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_MAX_WRONG_OTPS } from '../../../src/providers/payments/sandbox-test-cards.ts';
import { sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import {
  CARDS,
  chargeOf,
  expectLedgerVerifies,
  pay,
  SANDBOX_OTP,
  sellerWithProduct,
  startBody,
  storedStatusOf,
  submitOtp,
} from './checkout-fixtures.ts';

/*
 * A customer (or an attacker) sends several codes at once: wrong ones and the right one. On PostgreSQL they race
 * for real (a pool of connections); PGlite runs them one after another, so there fewer trials show the same rules.
 */
describe('POST /api/checkout/payments/:paymentId/otp, several codes at once', () => {
  const onPostgres = () => ctx.app.deps.database.kind === 'postgres';
  const NET = 482_500; // ₦5,000 less the ₦175 card fee the merchant bears

  const ctx = useTestApp();

  /** Ten codes for one payment: `right` of them the right code, the rest wrong, in a shuffled order. */
  const codes = (right: number) =>
    Array.from({ length: 10 }, (_, index) => (index < right ? SANDBOX_OTP : `${100_000 + index}`)).sort(
      () => Math.random() - 0.5,
    );

  it('books a payment only when its charge was captured, and checks at most 3 wrong codes', async () => {
    const trials = onPostgres() ? 200 : 20;
    const { seller, productId } = await sellerWithProduct(ctx.app, {
      amount: 500_000,
      quantityAvailable: trials,
    });
    let booked = 0;

    for (let trial = 0; trial < trials; trial++) {
      const payment = await pay(ctx.app, productId, startBody(CARDS.verveOtp));
      const responses = await Promise.all(
        codes(trial % 3).map((otp) => submitOtp(ctx.app, payment.paymentId, otp)),
      );

      const unexpected = responses.filter(
        (response) => response.statusCode !== 200 && response.json().code !== 'WRONG_OTP',
      );
      expect(unexpected.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
      const wrongAnswered = responses.filter((response) => response.statusCode === 400).length;
      // The third wrong code declines the charge instead of answering "wrong code".
      expect(wrongAnswered).toBeLessThan(SANDBOX_MAX_WRONG_OTPS);
      const charge = await chargeOf(ctx.app, payment.paymentId);
      expect(charge?.wrongOtpAttempts).toBeLessThanOrEqual(SANDBOX_MAX_WRONG_OTPS);
      const finals = new Set(
        responses.filter((response) => response.statusCode === 200).map((response) => response.json().status),
      );
      const stored = await storedStatusOf(ctx.app, payment.paymentId);
      if (stored === 'SUCCESSFUL') {
        expect(charge?.status).toBe('CAPTURED');
        booked += 1;
      } else {
        expect(stored).toBe('FAILED');
        expect(charge?.status).toBe('DECLINED');
      }
      // Every answer that says how the payment ended says the same.
      expect([...finals].filter((status) => status !== stored)).toEqual([]);
      if (trial % 3 === 0) expect(stored).toBe('FAILED');
    }

    const [mismatched] = await sqlRows<{ n: number }>(
      ctx.app,
      sql`select count(*)::int as n from checkout_payments p
          join transactions t on t.id = p.transaction_id
          join sandbox_card_authorizations c on c.merchant_reference = p.id::text
          where p.product_id = ${productId}
            and (t.transaction_status = 'SUCCESSFUL') <> (c.status = 'CAPTURED')`,
    );
    expect(mismatched?.n).toBe(0);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(booked * NET);
    await expectLedgerVerifies(ctx.app);
  }, 300_000);
});
