import { randomUUID } from 'node:crypto';
import type { CheckoutPayment, Product, ProductInput } from '@bizdash/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  checkoutPayments,
  outboxEvents,
  products,
  sandboxCardAuthorizations,
  transactions,
  users,
} from '../../../src/db/schema/index.ts';
import { verifyLedger } from '../../../src/features/money/ledger/ledger.verify.ts';
import { insertProduct } from '../../../src/features/products/products.repository.ts';
import {
  bearer,
  countRows,
  dbOf,
  insertTestMerchant,
  type Merchant,
  type MerchantWallets,
  sqlRows,
} from '../../helper.ts';

/** The sandbox network's test cards (apps/api/src/providers/payments/sandbox-test-cards.ts). */
export const CARDS = {
  visaApproved: '4242424242424242',
  mastercardApproved: '5555555555554444',
  verveOtp: '5061000000000005',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Passes Luhn, but is no test card: the sandbox declines it. */
  notATestCard: '4111111111111111',
} as const;
export const SANDBOX_OTP = '123456';

/** A product of the merchant, or of one of its apps when `actingFor` names it (the `user_id` header). */
export async function createProduct(
  app: FastifyInstance,
  merchant: Merchant,
  overrides: Partial<ProductInput> = {},
  actingFor?: string,
): Promise<Product> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { ...bearer(merchant.token), ...(actingFor ? { user_id: actingFor } : {}) },
    payload: {
      productName: 'Jollof rice tray',
      description: 'Party size',
      amount: 500_000,
      currency: 'NGN',
      quantityAvailable: 10,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`product create: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * A merchant and one product straight into the database (no sign-up): for tests that need many sellers to keep
 * their wallets and transactions apart.
 */
export async function sellerWithProduct(
  app: FastifyInstance,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<{ seller: MerchantWallets; productId: string }> {
  const seller = await insertTestMerchant(app);
  const product = await insertProduct(dbOf(app), {
    userId: seller.userId,
    productName: 'Suya platter',
    amount: 500_000,
    currency: 'NGN',
    quantityAvailable: 10,
    ...overrides,
  });
  return { seller, productId: product.id };
}

export function startBody(card: string = CARDS.visaApproved, overrides: Record<string, unknown> = {}) {
  return {
    quantity: 1,
    customerName: 'Chioma Eze',
    customerEmail: 'chioma@example.com',
    card: { number: card, expiry: '12/40', cvv: '123' },
    ...overrides,
  };
}

export const newKey = () => `key-${randomUUID()}`;

/** POST /api/checkout/products/:productId/payments; pass key: null to send no Idempotency-Key. */
export function startPayment(
  app: FastifyInstance,
  productId: string,
  body: object = startBody(),
  key: string | null = newKey(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/checkout/products/${productId}/payments`,
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: body,
  });
}

/** Starts a payment that must be accepted (201) and returns what the customer sees. */
export async function pay(
  app: FastifyInstance,
  productId: string,
  body: object = startBody(),
): Promise<CheckoutPayment> {
  const response = await startPayment(app, productId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export const submitOtp = (app: FastifyInstance, paymentId: string, otp: string) =>
  app.inject({ method: 'POST', url: `/api/checkout/payments/${paymentId}/otp`, payload: { otp } });

export const cancelForAnotherCard = (app: FastifyInstance, paymentId: string) =>
  app.inject({ method: 'POST', url: `/api/checkout/payments/${paymentId}/cancel` });

export const getPayment = (app: FastifyInstance, paymentId: string) =>
  app.inject({ url: `/api/checkout/payments/${paymentId}` });

export async function chargeFeeToCustomer(app: FastifyInstance, userId: string, customerPays: boolean) {
  await dbOf(app)
    .update(users)
    .set({ chargeCheckoutFeeToCustomer: customerPays })
    .where(eq(users.id, userId));
}

export async function paymentRow(app: FastifyInstance, paymentId: string) {
  const [row] = await dbOf(app).select().from(checkoutPayments).where(eq(checkoutPayments.id, paymentId));
  if (!row) throw new Error(`no payment ${paymentId}`);
  return row;
}

/** Moves payments' start back in time, as if the customer had walked away that long ago. */
export const startedAgo = (app: FastifyInstance, minutes: number, ...list: CheckoutPayment[]) =>
  dbOf(app)
    .update(checkoutPayments)
    .set({ createdAt: sql`${checkoutPayments.createdAt} - make_interval(mins => ${minutes})` })
    .where(
      inArray(
        checkoutPayments.id,
        list.map((payment) => payment.paymentId),
      ),
    );

/** The merchant's transactions, oldest first, as the fields a payment touches. */
export function transactionsOf(app: FastifyInstance, userId: string) {
  return dbOf(app)
    .select({
      id: transactions.id,
      type: transactions.transactionType,
      status: transactions.transactionStatus,
      amount: transactions.transactionAmount,
      currency: transactions.currencyCode,
      channel: transactions.transactionChannel,
      parentTransactionId: transactions.parentTransactionId,
      orderReference: transactions.orderReference,
      postingId: transactions.postingId,
    })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(asc(transactions.createdAt));
}

export function eventsOf(app: FastifyInstance, userId: string) {
  return dbOf(app)
    .select({ type: outboxEvents.eventType, payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(eq(outboxEvents.userId, userId))
    .orderBy(asc(outboxEvents.createdAt));
}

/** The outbox events announcing one payment (payload.data.paymentId). */
export async function eventsFor(app: FastifyInstance, paymentId: string) {
  const rows = await dbOf(app)
    .select({ type: outboxEvents.eventType, payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(sql`${outboxEvents.payload} -> 'data' ->> 'paymentId' = ${paymentId}`);
  return rows as { type: string; payload: { id: string; type: string; data: Record<string, unknown> } }[];
}

/** A payment's status as stored, without asking the API (which books an OTP_VERIFIED payment before answering). */
export async function storedStatusOf(app: FastifyInstance, paymentId: string) {
  const [row] = await sqlRows<{ status: string }>(
    app,
    sql`select t.transaction_status as status from checkout_payments p
        join transactions t on t.id = p.transaction_id where p.id = ${paymentId}`,
  );
  return row?.status ?? null;
}

/** The sandbox network's card charge for a payment (its merchantReference is the payment id). */
export async function chargeOf(app: FastifyInstance, paymentId: string) {
  const [row] = await dbOf(app)
    .select()
    .from(sandboxCardAuthorizations)
    .where(eq(sandboxCardAuthorizations.merchantReference, paymentId));
  return row ?? null;
}

export async function quantityOf(app: FastifyInstance, productId: string): Promise<number> {
  const [row] = await dbOf(app)
    .select({ quantity: products.quantityAvailable })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row.quantity;
}

/** Rows a payment attempt writes anywhere: payments, transactions, card charges, events. */
export async function checkoutWrites(app: FastifyInstance, userId: string) {
  return {
    payments: await countRows(
      app,
      sql`select count(*) as n from checkout_payments where user_id = ${userId}`,
    ),
    transactions: await countRows(app, sql`select count(*) as n from transactions where user_id = ${userId}`),
    charges: await countRows(app, sql`select count(*) as n from sandbox_card_authorizations`),
    events: await countRows(app, sql`select count(*) as n from outbox_events where user_id = ${userId}`),
  };
}

export async function expectLedgerVerifies(app: FastifyInstance) {
  const report = await verifyLedger(dbOf(app));
  expect(report.checks.filter((check) => check.violations > 0)).toEqual([]);
  expect(report.ok).toBe(true);
}
