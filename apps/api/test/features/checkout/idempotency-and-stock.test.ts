import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '../../../src/db/schema/index.ts';
import { SOLD_OUT_WHILE_PAYING } from '../../../src/features/checkout/checkout-transitions.ts';
import { countRows, dbOf, useTestApp, walletBalance } from '../../helper.ts';
import {
  CARDS,
  chargeOf,
  checkoutWrites,
  expectLedgerVerifies,
  newKey,
  paymentRow,
  quantityOf,
  sellerWithProduct,
  startBody,
  startPayment,
  transactionsOf,
} from './checkout-fixtures.ts';

describe('POST /api/checkout/products/:productId/payments', () => {
  const ctx = useTestApp();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const postingsOf = (transactionId: string) =>
    countRows(
      ctx.app,
      sql`select count(*) as n from ledger_postings where idempotency_key = ${`transaction:${transactionId}`}`,
    );

  describe('retried with the same Idempotency-Key', () => {
    it('replays the first answer as it was sent and moves the money once', async () => {
      const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 5 });
      const key = newKey();
      const body = startBody(CARDS.visaApproved, { quantity: 2 });

      const first = await startPayment(ctx.app, productId, body, key);
      const retries = [
        await startPayment(ctx.app, productId, body, key),
        await startPayment(ctx.app, productId, body, key),
      ];

      expect(first.statusCode).toBe(201);
      for (const retry of retries) {
        expect(retry.statusCode).toBe(201);
        expect(retry.headers['idempotent-replayed']).toBe('true');
        expect(retry.body).toBe(first.body);
      }
      const payment = await paymentRow(ctx.app, first.json().paymentId);
      expect(await checkoutWrites(ctx.app, seller.userId)).toMatchObject({
        payments: 1,
        transactions: 2,
        events: 1,
      });
      expect(await postingsOf(payment.transactionId)).toBe(1);
      expect(await walletBalance(ctx.app, seller.NGN)).toBe(payment.merchantNet);
      expect(await quantityOf(ctx.app, productId)).toBe(3);
      await expectLedgerVerifies(ctx.app);
    });

    it('answers a declined payment as it was, without asking the card network again', async () => {
      const { seller, productId } = await sellerWithProduct(ctx.app);
      const key = newKey();
      const body = startBody(CARDS.insufficientFunds);
      const first = await startPayment(ctx.app, productId, body, key);
      const authorize = vi.spyOn(ctx.app.deps.payments, 'charge');

      const retry = await startPayment(ctx.app, productId, body, key);

      expect(retry.statusCode).toBe(first.statusCode);
      expect(retry.body).toBe(first.body);
      expect(retry.json().status).toBe('FAILED');
      expect(authorize).not.toHaveBeenCalled();
      expect(await checkoutWrites(ctx.app, seller.userId)).toMatchObject({
        payments: 1,
        transactions: 1,
        events: 1,
      });
    });

    it('answers a payment waiting for its code with the OTP step again, no second hold', async () => {
      const { seller, productId } = await sellerWithProduct(ctx.app);
      const key = newKey();
      const body = startBody(CARDS.verveOtp);
      const first = await startPayment(ctx.app, productId, body, key);
      const chargesBefore = (await checkoutWrites(ctx.app, seller.userId)).charges;

      const retry = await startPayment(ctx.app, productId, body, key);

      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toMatchObject({
        paymentId: first.json().paymentId,
        status: 'CREATED',
        nextAction: 'OTP',
      });
      expect((await checkoutWrites(ctx.app, seller.userId)).charges).toBe(chargesBefore);
    });

    it('finds the first payment on a retry after the last unit sold meanwhile, instead of answering sold out', async () => {
      const { productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 1 });
      const key = newKey();
      const body = startBody(CARDS.visaApproved);
      vi.spyOn(ctx.app.deps.payments, 'charge').mockRejectedValueOnce(new Error('acquirer timed out'));
      expect((await startPayment(ctx.app, productId, body, key)).statusCode).toBe(500);
      const other = await startPayment(
        ctx.app,
        productId,
        startBody(CARDS.visaApproved, { customerName: 'Tolu Ade' }),
      );
      expect(other.json().status).toBe('SUCCESSFUL');

      const retry = await startPayment(ctx.app, productId, body, key);

      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ status: 'FAILED', failureReason: SOLD_OUT_WHILE_PAYING });
      expect(await chargeOf(ctx.app, retry.json().paymentId)).toMatchObject({ status: 'REFUNDED' });
      await expectLedgerVerifies(ctx.app);
    });

    it('drives on a first attempt cut off before the card network answered, charging once', async () => {
      const { seller, productId } = await sellerWithProduct(ctx.app);
      const key = newKey();
      const body = startBody(CARDS.visaApproved);
      vi.spyOn(ctx.app.deps.payments, 'charge').mockRejectedValueOnce(new Error('acquirer timed out'));

      const cutOff = await startPayment(ctx.app, productId, body, key);
      expect(cutOff.statusCode).toBe(500);
      const [pending] = await transactionsOf(ctx.app, seller.userId);
      expect(pending).toMatchObject({ status: 'CREATED', postingId: null });

      const retry = await startPayment(ctx.app, productId, body, key);

      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ status: 'SUCCESSFUL' });
      expect(retry.json().paymentId).toBe((await paymentRow(ctx.app, retry.json().paymentId)).id);
      expect(await checkoutWrites(ctx.app, seller.userId)).toMatchObject({
        payments: 1,
        transactions: 2,
        events: 1,
      });
      expect(await chargeOf(ctx.app, retry.json().paymentId)).toMatchObject({ status: 'CAPTURED' });
      expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
      await expectLedgerVerifies(ctx.app);
    });

    it.each([
      ['another quantity', { quantity: 2 }],
      ['another customer name', { customerName: 'Emeka Obi' }],
      ['another email', { customerEmail: 'emeka@example.com' }],
      ['another card', { card: { number: CARDS.mastercardApproved, expiry: '12/40', cvv: '123' } }],
    ])('refuses %s with 409 IDEMPOTENCY_MISMATCH and writes nothing', async (_, change) => {
      const { seller, productId } = await sellerWithProduct(ctx.app);
      const key = newKey();
      const first = await startPayment(ctx.app, productId, startBody(CARDS.visaApproved), key);
      const before = await checkoutWrites(ctx.app, seller.userId);

      const response = await startPayment(ctx.app, productId, startBody(CARDS.visaApproved, change), key);

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'This Idempotency-Key was already used for a different payment.',
        code: 'IDEMPOTENCY_MISMATCH',
      });
      expect(await checkoutWrites(ctx.app, seller.userId)).toEqual(before);
      expect(await walletBalance(ctx.app, seller.NGN)).toBe(first.json().total - first.json().fee);
    });
  });

  it.each([
    ['no Idempotency-Key', null, 'An Idempotency-Key header is required'],
    ['a key shorter than 8', 'abc123', 'The Idempotency-Key header must be 8 to 255 letters, digits, - or _'],
    [
      'a key with spaces',
      'not a good key',
      'The Idempotency-Key header must be 8 to 255 letters, digits, - or _',
    ],
    [
      'a key longer than 100',
      'k'.repeat(256),
      'The Idempotency-Key header must be 8 to 255 letters, digits, - or _',
    ],
  ])('refuses a payment with %s (400) and writes nothing', async (_, key, message) => {
    const { seller, productId } = await sellerWithProduct(ctx.app);
    const before = await checkoutWrites(ctx.app, seller.userId);

    const response = await startPayment(ctx.app, productId, startBody(), key);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    expect(await checkoutWrites(ctx.app, seller.userId)).toEqual(before);
  });

  describe('for a product that cannot be sold', () => {
    it.each([
      ['sold out', { quantityAvailable: 0 }, 1, 'PRODUCT_SOLD_OUT', 'This product is sold out.'],
      ['archived', { archivedAt: new Date() }, 1, 'PRODUCT_ARCHIVED', 'This product is no longer available.'],
      [
        'with fewer units than asked for',
        { quantityAvailable: 3 },
        4,
        'NOT_ENOUGH_STOCK',
        'Only 3 left in stock.',
      ],
    ])('answers 409 when it is %s and writes nothing', async (_, product, quantity, code, error) => {
      const { seller, productId } = await sellerWithProduct(ctx.app, product);
      const stock = await quantityOf(ctx.app, productId);
      const before = await checkoutWrites(ctx.app, seller.userId);

      const response = await startPayment(ctx.app, productId, startBody(CARDS.visaApproved, { quantity }));

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error, code });
      expect(await checkoutWrites(ctx.app, seller.userId)).toEqual(before);
      expect(await quantityOf(ctx.app, productId)).toBe(stock);
      expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);
    });

    it('answers 404 for a product that does not exist', async () => {
      const response = await startPayment(ctx.app, randomUUID(), startBody());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'This payment link is not valid.', code: 'NOT_FOUND' });
    });

    it('sells the last units and then answers sold out', async () => {
      const { productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 2 });

      const last = await startPayment(ctx.app, productId, startBody(CARDS.visaApproved, { quantity: 2 }));
      const after = await startPayment(ctx.app, productId, startBody(CARDS.visaApproved));

      expect(last.json().status).toBe('SUCCESSFUL');
      expect(after.statusCode).toBe(409);
      expect(after.json().code).toBe('PRODUCT_SOLD_OUT');
      const [row] = await dbOf(ctx.app).select().from(products).where(eq(products.id, productId));
      expect(row?.quantityAvailable).toBe(0);
    });
  });
});
