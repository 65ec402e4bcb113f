import { createHmac } from 'node:crypto';
import type { CheckoutPayment } from '@bizdash/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { checkoutPayments } from '../../../src/db/schema/index.ts';
import { dbOf, type Merchant, signUpMerchant, sqlRows, walletIdsOf } from '../../helper.ts';
import { PAYSTACK_TEST_KEY, type PaystackApp, startPaystackApp } from '../../support/paystack-app.ts';
import type { PaystackStandIn } from '../../support/paystack-stand-in/paystack-stand-in.ts';
import {
  createProduct,
  eventsFor,
  newKey,
  startBody,
  startPayment,
  storedStatusOf,
} from './checkout-fixtures.ts';

export { PAYSTACK_TEST_KEY as SECRET_KEY } from '../../support/paystack-app.ts';
/** PUBLIC_URL of the test app: the return address comes from it, never from a request's Host. */
export const PUBLIC_URL = 'https://shop.example.com';

export type PaystackCheckout = PaystackApp;

/**
 * An app with PAYMENTS_PROVIDER=paystack against the stand-in, listening so that the stand-in's webhooks reach it.
 * Refunds wait for processRefunds(); a webhook the app fails is tried again after 50 ms; a held call is dropped
 * after 200 ms (what the client sees of a timeout).
 */
export function startPaystackCheckout(): Promise<PaystackCheckout> {
  return startPaystackApp(['payments'], {
    standIn: { refundProcessMs: null, webhookRetryMs: 50, timeoutMs: 200 },
    config: { publicUrl: PUBLIC_URL },
  });
}

/** The Paystack checkout app of a describe block: started before its tests, closed after them. */
export function usePaystackCheckout() {
  let checkout: PaystackCheckout | undefined;
  beforeAll(async () => {
    checkout = await startPaystackCheckout();
  });
  afterAll(() => checkout?.close());
  const current = () => {
    if (!checkout) throw new Error('the Paystack checkout app is not started yet');
    return checkout;
  };
  return { checkout: current, app: () => current().ctx.app, controls: () => current().paystack.controls };
}

export interface PaidThroughPaystack {
  merchant: Merchant;
  payment: CheckoutPayment;
  /** The CREDIT the payment booked. */
  transactionId: string;
  walletId: string;
}

/** A new merchant's product (₦5,000 unless said) paid on Paystack's page, booked by the charge.success webhook. */
export async function paidThroughPaystack(
  checkout: PaystackCheckout,
  amount = 500_000,
): Promise<PaidThroughPaystack> {
  const { app } = checkout.ctx;
  const merchant = await signUpMerchant(app);
  const product = await createProduct(app, merchant, { amount });
  const payment = await startHosted(app, product.recordId);
  checkout.paystack.controls.completeCheckout(payment.reference, 'success');
  await waitFor(async () => (await storedStatusOf(app, payment.paymentId)) === 'SUCCESSFUL');
  const [row] = await sqlRows<{ transaction_id: string }>(
    app,
    sql`select transaction_id from checkout_payments where id = ${payment.paymentId}`,
  );
  const { NGN: walletId } = await walletIdsOf(app, merchant.userId);
  return { merchant, payment, transactionId: row?.transaction_id ?? '', walletId };
}

/** The start call's body on a hosted checkout: no card. */
export function hostedBody(overrides: Record<string, unknown> = {}) {
  const { card: _card, ...body } = startBody();
  return { ...body, ...overrides };
}

/** Starts a hosted payment that must be accepted (201): CREATED, waiting on Paystack's page. */
export async function startHosted(
  app: FastifyInstance,
  productId: string,
  body: object = hostedBody(),
  key = newKey(),
): Promise<CheckoutPayment> {
  const response = await startPayment(app, productId, body, key);
  expect(response.statusCode, response.body).toBe(201);
  const payment: CheckoutPayment = response.json();
  expect(payment).toMatchObject({ status: 'CREATED', nextAction: 'REDIRECT', card: null });
  return payment;
}

/** Runs `work` while the stand-in sends no webhooks (they are recorded, and can be replayed with resendWebhook). */
export async function withoutWebhooks<T>(checkout: PaystackCheckout, work: () => Promise<T>): Promise<T> {
  checkout.paystack.controls.setWebhookUrl(null);
  try {
    return await work();
  } finally {
    checkout.paystack.controls.setWebhookUrl(checkout.webhookUrl);
  }
}

/** The index of the stand-in's charge.success notice for this reference (first attempt). */
export function chargeNoticeOf(paystack: PaystackStandIn, reference: string): number {
  const index = paystack.controls.webhooks.findIndex(
    (hook) => hook.event === 'charge.success' && hook.body.includes(`"reference":"${reference}"`),
  );
  if (index === -1) throw new Error(`no charge.success for ${reference}`);
  return index;
}

/** Requests the app made to Paystack about this reference, as `METHOD path`. */
export const callsAbout = (paystack: PaystackStandIn, reference: string) =>
  paystack.controls.requests
    .filter((request) => request.path.includes(reference) || JSON.stringify(request.body).includes(reference))
    .map((request) => `${request.method} ${request.path}`);

/** POSTs a webhook body as is, signed with `key` (the real secret key, or another one to forge it). */
export function postWebhook(app: FastifyInstance, body: string, key: string | null = PAYSTACK_TEST_KEY) {
  return app.inject({
    method: 'POST',
    url: '/api/providers/paystack/webhook',
    headers: {
      'content-type': 'application/json',
      ...(key ? { 'x-paystack-signature': createHmac('sha512', key).update(body).digest('hex') } : {}),
    },
    payload: body,
  });
}

/** The event types written for a payment, in any order. */
export async function eventTypesOf(app: FastifyInstance, paymentId: string) {
  return (await eventsFor(app, paymentId)).map((event) => event.type).sort();
}

/** Changes what our side says the customer owes (the amounts must still add up), after Paystack was told. */
export async function tamperOurAmount(app: FastifyInstance, paymentId: string, extra: number) {
  await dbOf(app)
    .update(checkoutPayments)
    .set({
      customerTotal: sql`${checkoutPayments.customerTotal} + ${extra}`,
      merchantNet: sql`${checkoutPayments.merchantNet} + ${extra}`,
    })
    .where(eq(checkoutPayments.id, paymentId));
}

export const waitFor = async (check: () => Promise<boolean>) => {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
};
