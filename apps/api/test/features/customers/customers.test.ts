import type { Customer, CustomerDetail, CustomerPage } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { customerOfPayment } from '../../../src/features/customers/index.ts';
import { bearer, inTx, type Merchant, signUpMerchant, sqlRows, useTestApp } from '../../helper.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';
import { CARDS, createProduct, pay, startBody, startPayment } from '../checkout/checkout-fixtures.ts';
import { disputeTestConfig, openedDispute } from '../disputes/dispute-fixtures.ts';
import { paidMerchant, refund, refundTestConfig, settleRefunds } from '../refunds/refund-fixtures.ts';

async function get<T>(
  app: FastifyInstance,
  merchant: Merchant,
  url: string,
  headers = bearer(merchant.token),
) {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const list = (app: FastifyInstance, merchant: Merchant, query = '') =>
  get<CustomerPage>(app, merchant, `/api/customers${query}`);

const emails = (page: CustomerPage) => page.items.map((customer) => customer.email);

async function buy(
  app: FastifyInstance,
  productId: string,
  email: string,
  name = 'Chioma Eze',
  card?: string,
) {
  return pay(
    app,
    productId,
    startBody(card ?? CARDS.visaApproved, { customerEmail: email, customerName: name }),
  );
}

describe('customers of checkout payments', () => {
  const ctx = useTestApp(refundTestConfig());

  it('keys customers by email in any case, named as at their latest payment, with their stats', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const naira = await createProduct(ctx.app, merchant, { amount: 500_000 });
    const dollars = await createProduct(ctx.app, merchant, { amount: 2_000, currency: 'USD' });
    const first = await buy(ctx.app, naira.recordId, 'Ada@Example.com', 'Ada L');
    await buy(ctx.app, naira.recordId, 'ada@example.COM', 'Ada Lovelace');
    await buy(ctx.app, dollars.recordId, 'ADA@example.com', 'Ada Lovelace');
    const declined = await buy(ctx.app, naira.recordId, 'ada@example.com', 'Ada Lovelace', CARDS.declined);
    expect(declined.status).toBe('FAILED');

    const page = await list(ctx.app, merchant);
    expect(page.totalElements).toBe(1);
    const [customer] = page.items as [Customer];
    expect(customer).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      userId: merchant.userId,
      successfulPayments: 3,
      totalSpent: [
        { currency: 'NGN', amount: first.total * 2 },
        { currency: 'USD', amount: expect.any(Number) },
      ],
      refunds: { count: 0, amounts: [] },
      disputes: { count: 0 },
    });
    expect(Date.parse(customer.firstPaymentAt)).toBeLessThan(Date.parse(customer.lastPaymentAt));
    const rows = await sqlRows<{ customer_id: string }>(
      ctx.app,
      sql`select distinct customer_id from checkout_payments where user_id = ${merchant.userId}`,
    );
    expect(rows).toEqual([{ customer_id: customer.id }]);

    const detail = await get<CustomerDetail>(ctx.app, merchant, `/api/customers/${customer.id}`);
    expect(detail.customer).toEqual(customer);
    expect(detail.payments.map((payment) => payment.status)).toEqual([
      'FAILED',
      'SUCCESSFUL',
      'SUCCESSFUL',
      'SUCCESSFUL',
    ]);
    expect(detail.payments[3]).toMatchObject({
      id: first.paymentId,
      reference: first.reference,
      productName: 'Jollof rice tray',
      amount: first.total,
      currency: 'NGN',
      customerName: 'Ada L',
    });
    expect(detail.refunds).toEqual([]);
  });

  it('finds the customer of an email in any case (checkout lowercases emails; rows made before may not be)', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const other = await signUpMerchant(ctx.app);
    const of = (userId: string, email: string, name: string) =>
      inTx(ctx.app, (tx) => customerOfPayment(tx, { userId, email, name }));
    const first = await of(merchant.userId, 'Mixed.Case@Example.com', 'First');
    expect(await of(merchant.userId, 'mixed.case@EXAMPLE.COM', 'Latest')).toBe(first);
    expect(await of(other.userId, 'mixed.case@example.com', 'Elsewhere')).not.toBe(first);
    const rows = await sqlRows<{ email: string; name: string }>(
      ctx.app,
      sql`select email, name from customers where id = ${first}`,
    );
    expect(rows).toEqual([{ email: 'Mixed.Case@Example.com', name: 'Latest' }]);
  });

  it('counts the refunds of their payments that were not refused, per currency', async () => {
    const paid = await paidMerchant(ctx.app);
    await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 1_000 });
    await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 2_500 });
    await settleRefunds(ctx.app);
    const page = await list(ctx.app, paid.merchant);
    const [customer] = page.items as [Customer];
    expect(customer.refunds).toEqual({ count: 2, amounts: [{ currency: 'NGN', amount: 3_500 }] });
    expect(customer.totalSpent).toEqual([{ currency: 'NGN', amount: paid.total }]);
    const detail = await get<CustomerDetail>(ctx.app, paid.merchant, `/api/customers/${customer.id}`);
    expect(detail.refunds.map((item) => [item.amount, item.status, item.paymentId])).toEqual([
      [2_500, 'SUCCEEDED', paid.paymentId],
      [1_000, 'SUCCEEDED', paid.paymentId],
    ]);
    const ofPayment = await list(ctx.app, paid.merchant, `?transactionId=${paid.transactionId}`);
    expect(ofPayment.items.map((item) => item.id)).toEqual([customer.id]);
  });

  it('makes one customer of concurrent first payments of one new email, none failing', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const product = await createProduct(ctx.app, merchant, { quantityAvailable: 100 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        startPayment(
          ctx.app,
          product.recordId,
          startBody(CARDS.visaApproved, {
            customerEmail: n % 2 ? 'Same.Buyer@example.com' : 'same.buyer@EXAMPLE.com',
            customerName: `Buyer ${n}`,
          }),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const page = await list(ctx.app, merchant);
    expect(page.totalElements).toBe(1);
    expect(page.items[0]?.successfulPayments).toBe(10);
    const [row] = await sqlRows<{ n: number }>(
      ctx.app,
      sql`select count(*)::int as n from customers where user_id = ${merchant.userId}`,
    );
    expect(row?.n).toBe(1);
  });

  it('searches name or email in any case, with % and _ taken as themselves, sorts and pages', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const naira = await createProduct(ctx.app, merchant, { amount: 100_000, quantityAvailable: 100 });
    const dollars = await createProduct(ctx.app, merchant, {
      amount: 5_000,
      currency: 'USD',
      quantityAvailable: 100,
    });
    // big: most NGN; usd: USD only (more USD than anyone); small: a little NGN, paid last.
    await buy(ctx.app, naira.recordId, 'big@shop.test', 'Bola Big');
    await buy(ctx.app, naira.recordId, 'big@shop.test', 'Bola Big');
    await buy(ctx.app, dollars.recordId, 'usd_fan@shop.test', 'Uche Dollar');
    await buy(ctx.app, dollars.recordId, 'usd_fan@shop.test', 'Uche Dollar');
    await buy(ctx.app, naira.recordId, 'small@other.test', 'Sade 100%');

    expect(emails(await list(ctx.app, merchant))).toEqual([
      'small@other.test',
      'usd_fan@shop.test',
      'big@shop.test',
    ]);
    expect(emails(await list(ctx.app, merchant, '?sort=total_spent'))).toEqual([
      'big@shop.test',
      'small@other.test',
      'usd_fan@shop.test',
    ]);
    expect(emails(await list(ctx.app, merchant, '?search=SHOP.TEST'))).toEqual([
      'usd_fan@shop.test',
      'big@shop.test',
    ]);
    expect(emails(await list(ctx.app, merchant, '?search=bola'))).toEqual(['big@shop.test']);
    expect(emails(await list(ctx.app, merchant, `?search=${encodeURIComponent('100%')}`))).toEqual([
      'small@other.test',
    ]);
    expect(emails(await list(ctx.app, merchant, '?search=%25'))).toEqual(['small@other.test']);
    expect(emails(await list(ctx.app, merchant, '?search=_'))).toEqual(['usd_fan@shop.test']);
    expect((await list(ctx.app, merchant, '?search=nobody')).totalElements).toBe(0);

    const second = await list(ctx.app, merchant, '?sort=total_spent&size=2&page=2');
    expect(second).toMatchObject({ page: 2, size: 2, totalElements: 3, totalPages: 2 });
    expect(emails(second)).toEqual(['usd_fan@shop.test']);
  });

  it("keeps each merchant's customers apart: another's customer is 404, and an API key sees its own", async () => {
    const one = await paidMerchant(ctx.app);
    const other = await signUpMerchant(ctx.app);
    const [customer] = (await list(ctx.app, one.merchant)).items as [Customer];
    expect((await list(ctx.app, other)).totalElements).toBe(0);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/customers/${customer.id}`,
      headers: bearer(other.token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Customer not found');

    const apiKey = await generateKey(ctx.app, one.merchant);
    const byKey = await get<CustomerDetail>(
      ctx.app,
      one.merchant,
      `/api/customers/${customer.id}`,
      bearer(apiKey),
    );
    expect(byKey.customer.id).toBe(customer.id);
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/api/customers' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('answers 400 to bad input', async () => {
    const merchant = await signUpMerchant(ctx.app);
    for (const url of [
      '/api/customers?sort=name',
      '/api/customers?page=0',
      '/api/customers?size=101',
      `/api/customers?search=${'x'.repeat(101)}`,
      '/api/customers?search=%00',
      '/api/customers?transactionId=nope',
      '/api/customers/not-a-uuid',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(merchant.token) });
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe('the disputes of a customer', () => {
  const ctx = useTestApp(disputeTestConfig());

  it('are counted on the customer and listed on their page, with what they hold and their due date', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const [customer] = (await list(ctx.app, paid.merchant)).items as [Customer];
    expect(customer.disputes).toEqual({ count: 1 });
    const detail = await get<CustomerDetail>(ctx.app, paid.merchant, `/api/customers/${customer.id}`);
    expect(detail.disputes).toEqual([
      {
        id: dispute.id,
        paymentId: paid.paymentId,
        paymentTransactionId: paid.transactionId,
        currency: 'NGN',
        amount: dispute.amount,
        reason: dispute.reason,
        status: 'NEEDS_RESPONSE',
        evidenceDueBy: dispute.evidenceDueBy,
        createdAt: dispute.createdAt,
      },
    ]);
    const other = await paidMerchant(ctx.app);
    const [undisputed] = (await list(ctx.app, other.merchant)).items as [Customer];
    expect(undisputed.disputes).toEqual({ count: 0 });
  });
});
