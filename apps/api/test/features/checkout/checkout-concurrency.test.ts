import type { CheckoutPayment } from '@bizdash/shared';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutPayments } from '../../../src/db/schema/index.ts';
import { failAbandonedPayments } from '../../../src/features/checkout/checkout.service.ts';
import { createCheckoutContext } from '../../../src/features/checkout/checkout-context.ts';
import { SOLD_OUT_WHILE_PAYING } from '../../../src/features/checkout/checkout-transitions.ts';
import { countRows, dbOf, fundWallet, useTestApp, walletBalance } from '../../helper.ts';
import {
  CARDS,
  chargeOf,
  eventsFor,
  eventsOf,
  expectLedgerVerifies,
  getPayment,
  newKey,
  paymentRow,
  quantityOf,
  SANDBOX_OTP,
  sellerWithProduct,
  startBody,
  startPayment,
  submitOtp,
  transactionsOf,
} from './checkout-fixtures.ts';

/*
 * On PostgreSQL these customers really race (a pool of connections, a transaction each). PGlite runs one
 * transaction at a time, so there the same requests run serialized: the final invariants must hold either way,
 * and the check that payments overlapped only applies on PostgreSQL (as in ledger-concurrency.test.ts).
 */
describe('POST /api/checkout/products/:productId/payments, many at once', () => {
  const onPostgres = () => ctx.app.deps.database.kind === 'postgres';
  const NET = 482_500; // ₦5,000 less the ₦175 card fee the merchant bears

  const ctx = useTestApp();

  it('sells the last 5 units to exactly 5 of 50 customers paying at once', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app, { amount: 500_000, quantityAvailable: 5 });

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        startPayment(
          ctx.app,
          productId,
          startBody(CARDS.visaApproved, { customerName: `Customer ${index}` }),
          newKey(),
        ),
      ),
    );

    const unexpected = responses.filter(
      (response) => response.statusCode !== 201 && response.statusCode !== 409,
    );
    expect(unexpected.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
    const started: CheckoutPayment[] = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json());
    const refused = responses.filter((response) => response.statusCode === 409);
    for (const response of refused) expect(response.json().code).toBe('PRODUCT_SOLD_OUT');
    const succeeded = started.filter((payment) => payment.status === 'SUCCESSFUL');
    const failed = started.filter((payment) => payment.status === 'FAILED');
    expect(succeeded).toHaveLength(5);
    expect(failed).toHaveLength(started.length - 5);
    for (const payment of failed) expect(payment.failureReason).toBe(SOLD_OUT_WHILE_PAYING);
    expect(started.length + refused.length).toBe(50);

    expect(await quantityOf(ctx.app, productId)).toBe(0);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(5 * NET);
    const rows = await transactionsOf(ctx.app, seller.userId);
    const tally = (type: string, status: string) =>
      rows.filter((row) => row.type === type && row.status === status).length;
    expect(rows).toHaveLength(started.length + 5);
    expect(tally('CREDIT', 'SUCCESSFUL')).toBe(5);
    expect(tally('DEBIT', 'SUCCESSFUL')).toBe(5);
    expect(tally('CREDIT', 'FAILED')).toBe(failed.length);
    const events = await eventsOf(ctx.app, seller.userId);
    expect(events.filter((event) => event.type === 'payment.succeeded')).toHaveLength(5);
    expect(events.filter((event) => event.type === 'payment.failed')).toHaveLength(failed.length);
    for (const payment of succeeded) {
      expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'CAPTURED' });
    }
    // Charged, then the last units went to someone faster: the charge is refunded.
    for (const payment of failed) {
      expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'REFUNDED' });
    }
    await expectLedgerVerifies(ctx.app);
    // Customers overlapped: more started paying than there were units (the rest failed at booking).
    if (onPostgres()) expect(started.length).toBeGreaterThan(5);
  });

  it('charges once for the same Idempotency-Key sent 20 times at once: each call gets that payment or "in progress"', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app, {
      amount: 500_000,
      quantityAvailable: 10,
    });
    const key = newKey();
    const body = startBody(CARDS.visaApproved, { quantity: 2 });

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => startPayment(ctx.app, productId, body, key)),
    );

    const ran = responses.filter(
      (response) => response.statusCode === 201 && !response.headers['idempotent-replayed'],
    );
    expect(ran, 'one call ran the payment').toHaveLength(1);
    const [first] = ran;
    for (const response of responses.filter((candidate) => candidate !== first)) {
      if (response.statusCode === 409) {
        expect(response.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
      } else {
        // A replay of the first answer, as it was sent.
        expect(response.statusCode).toBe(201);
        expect(response.headers['idempotent-replayed']).toBe('true');
        expect(response.body).toBe(first?.body);
      }
    }
    const paymentIds = new Set([first?.json().paymentId]);
    expect(first?.json().status).toBe('SUCCESSFUL');
    const [paymentId] = paymentIds;
    const payment = await paymentRow(ctx.app, paymentId);
    expect(
      await countRows(
        ctx.app,
        sql`select count(*) as n from checkout_payments where product_id = ${productId}`,
      ),
    ).toBe(1);
    expect(await transactionsOf(ctx.app, seller.userId)).toHaveLength(2);
    expect(
      await countRows(
        ctx.app,
        sql`select count(*) as n from ledger_postings where idempotency_key = ${`transaction:${payment.transactionId}`}`,
      ),
    ).toBe(1);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(payment.merchantNet);
    expect(await quantityOf(ctx.app, productId)).toBe(8);
    expect(await eventsOf(ctx.app, seller.userId)).toHaveLength(1);
    expect(
      await countRows(
        ctx.app,
        sql`select count(*) as n from sandbox_card_authorizations where merchant_reference = ${paymentId}`,
      ),
    ).toBe(1);
    await expectLedgerVerifies(ctx.app);
  });

  it('books a payment once when its right code is sent 10 times at once', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app, {
      amount: 500_000,
      quantityAvailable: 10,
    });
    const started = await startPayment(ctx.app, productId, startBody(CARDS.verveOtp));
    const { paymentId } = started.json() as CheckoutPayment;

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submitOtp(ctx.app, paymentId, SANDBOX_OTP)),
    );

    for (const response of responses) expect(response.json()).toMatchObject({ status: 'SUCCESSFUL' });
    expect(await transactionsOf(ctx.app, seller.userId)).toHaveLength(2);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(NET);
    expect(await quantityOf(ctx.app, productId)).toBe(9);
    expect((await eventsOf(ctx.app, seller.userId)).map((event) => event.type)).toEqual([
      'payment.succeeded',
    ]);
    await expectLedgerVerifies(ctx.app);
  });

  it('books or fails each payment once when the abandoned-payments job races its right code', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app, {
      amount: 500_000,
      quantityAvailable: 10,
    });
    // Money already in the wallet: a fee wrongly taken for a failed payment would not be stopped by an overdraft.
    await fundWallet(ctx.app, seller.NGN, 1_000_000);
    const started: CheckoutPayment[] = [];
    for (let index = 0; index < 5; index++) {
      started.push((await startPayment(ctx.app, productId, startBody(CARDS.verveOtp))).json());
    }
    const ids = started.map((payment) => payment.paymentId);
    await dbOf(ctx.app)
      .update(checkoutPayments)
      .set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000) })
      .where(inArray(checkoutPayments.id, ids));
    const context = createCheckoutContext(ctx.app.deps, ctx.app.log);

    const [, ...responses] = await Promise.all([
      failAbandonedPayments(context),
      ...ids.map((paymentId) => submitOtp(ctx.app, paymentId, SANDBOX_OTP)),
    ]);

    for (const response of responses) expect(response.statusCode).toBe(200);
    let booked = 0;
    for (const paymentId of ids) {
      const payment = (await getPayment(ctx.app, paymentId)).json() as CheckoutPayment;
      const row = await paymentRow(ctx.app, paymentId);
      const events = (await eventsFor(ctx.app, paymentId)).map((event) => event.type);
      if (payment.status === 'SUCCESSFUL') {
        booked += 1;
        expect(events).toEqual(['payment.succeeded']);
        expect(payment.failureReason).toBeNull();
        expect(row.feeTransactionId).not.toBeNull();
      } else {
        expect(payment.status).toBe('FAILED');
        expect(events).toEqual(['payment.failed']);
        expect(row.feeTransactionId).toBeNull();
      }
    }
    const rows = await transactionsOf(ctx.app, seller.userId);
    expect(rows.filter((row) => row.channel === 'FEE')).toHaveLength(booked);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(1_000_000 + booked * NET);
    expect(await quantityOf(ctx.app, productId)).toBe(10 - booked);
    await expectLedgerVerifies(ctx.app);
  });
});
