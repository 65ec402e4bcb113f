import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, countRows, signUpMerchant, sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import { createApp, generateKey } from '../api-keys/api-key-fixtures.ts';
import { CARDS, createProduct, pay, startBody } from '../checkout/checkout-fixtures.ts';
import {
  expectLedgerVerifies,
  newKey,
  paidMerchant,
  postRefund,
  refund,
  refundsInTransit,
  refundTestConfig,
} from './refund-fixtures.ts';

describe('POST /api/refunds', () => {
  const ctx = useTestApp(refundTestConfig());

  it('refunds a payment in full: the wallet pays exactly the amount into transit, the DEBIT is a child of the payment', async () => {
    const paid = await paidMerchant(ctx.app);
    const before = await walletBalance(ctx.app, paid.walletId);
    const inTransitBefore = await refundsInTransit(ctx.app);

    const made = await refund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      merchantNote: 'Returned at the shop',
    });

    expect(made).toMatchObject({
      paymentTransactionId: paid.transactionId,
      paymentId: paid.paymentId,
      amount: paid.total,
      currency: 'NGN',
      status: 'PENDING',
      reason: 'requested_by_customer',
      merchantNote: 'Returned at the shop',
      customerNote: null,
      restock: false,
      failureReason: null,
      settledAt: null,
    });
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - paid.total);
    expect(await refundsInTransit(ctx.app)).toBe(inTransitBefore + paid.total);
    const [debit] = await sqlRows<Record<string, unknown>>(
      ctx.app,
      sql`select transaction_type, transaction_status, transaction_channel, parent_transaction_id, transaction_amount,
            description, beneficiary
          from transactions where id = ${made.transactionId}`,
    );
    expect(debit).toMatchObject({
      transaction_type: 'DEBIT',
      transaction_status: 'CREATED',
      transaction_channel: 'CARD',
      parent_transaction_id: paid.transactionId,
      description: 'Refund: Jollof rice tray',
      beneficiary: 'Chioma Eze',
    });
    expect(Number(debit?.transaction_amount)).toBe(paid.total);
    await expectLedgerVerifies(ctx.app);
  });

  it('refunds in parts up to what the customer paid, then answers 409 with how much is left', async () => {
    const paid = await paidMerchant(ctx.app);
    const first = await refund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      amount: 100_000,
    });
    const second = await refund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      amount: paid.total - 100_000 - 50_000,
    });
    expect([first.amount, second.amount]).toEqual([100_000, paid.total - 150_000]);

    const over = await postRefund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      amount: 50_001,
      reason: 'other',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'AMOUNT_OVER_REFUNDABLE' });
    expect(over.json().error).toContain('₦500.00');

    const rest = await refund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      reason: 'duplicate',
    });
    expect(rest.amount).toBe(50_000);

    const done = await postRefund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      reason: 'other',
    });
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({
      code: 'FULLY_REFUNDED',
      error: 'This payment has already been refunded in full.',
    });
    await expectLedgerVerifies(ctx.app);
  });

  it('refunds all that is still refundable when no amount is given', async () => {
    const paid = await paidMerchant(ctx.app);
    await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 123_456 });
    const rest = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId });
    expect(rest.amount).toBe(paid.total - 123_456);
  });

  it("answers 404 for another merchant's payment and for an unknown id, and changes nothing", async () => {
    const paid = await paidMerchant(ctx.app);
    const stranger = await signUpMerchant(ctx.app);
    const before = await walletBalance(ctx.app, paid.walletId);
    for (const transactionId of [paid.transactionId, '0e6b7a8c-1d2e-4f3a-9b8c-7d6e5f4a3b2c']) {
      const response = await postRefund(ctx.app, stranger, { transactionId, reason: 'other' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Payment not found' });
    }
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before);
  });

  it("answers 404 for the payment of the merchant's app when acting as the merchant", async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { recordId: appId } = await createApp(ctx.app, merchant, 'Branch refunds');
    const product = await createProduct(ctx.app, merchant, {}, appId);
    const payment = await pay(ctx.app, product.recordId);
    const [row] = await sqlRows<{ transaction_id: string }>(
      ctx.app,
      sql`select transaction_id from checkout_payments where id = ${payment.paymentId}`,
    );
    const asMerchant = await postRefund(ctx.app, merchant, {
      transactionId: row?.transaction_id,
      reason: 'other',
    });
    expect(asMerchant.statusCode).toBe(404);
  });

  it('answers 409 for a transaction that is no card payment, and for a payment that did not succeed', async () => {
    const paid = await paidMerchant(ctx.app);
    const [funding] = await sqlRows<{ id: string }>(
      ctx.app,
      sql`select id from transactions where user_id = ${paid.merchant.userId} and transaction_channel = 'FEE' limit 1`,
    );
    const notCard = await postRefund(ctx.app, paid.merchant, { transactionId: funding?.id, reason: 'other' });
    expect(notCard.statusCode).toBe(409);
    expect(notCard.json()).toMatchObject({
      code: 'NOT_A_CARD_PAYMENT',
      error: 'Only card payments taken through checkout can be refunded.',
    });

    const declined = await pay(ctx.app, paid.productId, startBody(CARDS.declined));
    expect(declined.status).toBe('FAILED');
    const [row] = await sqlRows<{ transaction_id: string }>(
      ctx.app,
      sql`select transaction_id from checkout_payments where id = ${declined.paymentId}`,
    );
    const failed = await postRefund(ctx.app, paid.merchant, {
      transactionId: row?.transaction_id,
      reason: 'other',
    });
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({
      code: 'PAYMENT_NOT_SUCCESSFUL',
      error: 'Only a successful payment can be refunded.',
    });
  });

  it('refuses bad input with a 400 and a sentence', async () => {
    const paid = await paidMerchant(ctx.app);
    const base = { transactionId: paid.transactionId, reason: 'other' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, amount: -1 }, /greater than zero/],
      [{ ...base, amount: 0 }, /greater than zero/],
      [{ ...base, amount: 10.5 }, /whole minor units/],
      [{ ...base, amount: 2 ** 60 }, /whole minor units|too large/],
      [{ ...base, amount: '100' }, /amount/i],
      [{ ...base, reason: 'changed_my_mind' }, /reason must be one of/],
      [{ transactionId: paid.transactionId }, /reason must be one of/],
      [{ ...base, transactionId: 'not-a-uuid' }, /transactionId/],
      [{ ...base, merchantNote: 'bad\u0000note' }, /merchantNote contains a character/],
      [{ ...base, customerNote: 'esc \u001b[31m' }, /customerNote contains a character/],
      [{ ...base, customerNote: 'x'.repeat(501) }, /customerNote is at most 500/],
      [{ ...base, restock: 'yes' }, /restock must be true or false/],
      [{ ...base, surprise: 1 }, /Unknown refund field|surprise/],
    ];
    for (const [body, message] of cases) {
      const response = await postRefund(ctx.app, paid.merchant, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toMatch(message);
    }
    // A huge amount that is still a whole number is refused for what it is: more than the payment.
    const huge = await postRefund(ctx.app, paid.merchant, { ...base, amount: Number.MAX_SAFE_INTEGER });
    expect(huge.statusCode).toBe(409);
    expect(huge.json().code).toBe('AMOUNT_OVER_REFUNDABLE');
    expect(
      await countRows(ctx.app, sql`select count(*) as n from refunds where payment_id = ${paid.paymentId}`),
    ).toBe(0);
  });

  it('replays the same refund for the same Idempotency-Key and moves the money once', async () => {
    const paid = await paidMerchant(ctx.app);
    const before = await walletBalance(ctx.app, paid.walletId);
    const key = newKey();
    const body = { transactionId: paid.transactionId, amount: 70_000, reason: 'requested_by_customer' };

    const first = await postRefund(ctx.app, paid.merchant, body, key);
    const again = await postRefund(ctx.app, paid.merchant, body, key);

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - 70_000);
    expect(
      await countRows(ctx.app, sql`select count(*) as n from refunds where payment_id = ${paid.paymentId}`),
    ).toBe(1);
  });

  it('needs an Idempotency-Key', async () => {
    const paid = await paidMerchant(ctx.app);
    const response = await postRefund(
      ctx.app,
      paid.merchant,
      { transactionId: paid.transactionId, reason: 'other' },
      null,
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers 409 INSUFFICIENT_BALANCE when the wallet cannot cover the refund, and changes nothing', async () => {
    // The merchant bore the card fee: its wallet holds less than the customer paid.
    const paid = await paidMerchant(ctx.app, { extra: 0 });
    const before = await walletBalance(ctx.app, paid.walletId);
    expect(before).toBeLessThan(paid.total);
    const inTransit = await refundsInTransit(ctx.app);

    const response = await postRefund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      reason: 'other',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(response.json().error).toMatch(/^Your wallet does not hold enough to cover this refund\./);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before);
    expect(await refundsInTransit(ctx.app)).toBe(inTransit);
    expect(
      await countRows(ctx.app, sql`select count(*) as n from refunds where payment_id = ${paid.paymentId}`),
    ).toBe(0);
    // What the wallet holds can still be refunded.
    const partial = await refund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      amount: before,
    });
    expect(partial.amount).toBe(before);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(0);
  });

  it('works with an API key, acting for the key holder', async () => {
    const paid = await paidMerchant(ctx.app);
    const apiKey = await generateKey(ctx.app, paid.merchant);
    const response = await postRefund(
      ctx.app,
      paid.merchant,
      { transactionId: paid.transactionId, reason: 'other', amount: 1_000 },
      newKey(),
      bearer(apiKey),
    );
    expect(response.statusCode, response.body).toBe(201);
  });
});
