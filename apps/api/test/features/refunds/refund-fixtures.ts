import { randomUUID } from 'node:crypto';
import type { Refund } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../../src/config.ts';
import { verifyLedger } from '../../../src/features/money/ledger/ledger.verify.ts';
import { advanceDueRefunds } from '../../../src/features/refunds/index.ts';
import {
  bearer,
  dbOf,
  fundWallet,
  type Merchant,
  signUpMerchant,
  sqlRows,
  testConfig,
  walletIdsOf,
} from '../../helper.ts';
import { CARDS, createProduct, pay, startBody } from '../checkout/checkout-fixtures.ts';

/** The sandbox network returns refunds at its next look: tests drive the refunds job themselves. */
export const refundTestConfig = (): Partial<Config> => ({
  checkout: { ...testConfig().checkout, sandboxRefundSeconds: 0 },
});

/** Stripe's "refund fails" card: the payment is approved, its refunds fail. */
export const REFUND_FAILS_CARD = '4000000000005126';

export interface PaidMerchant {
  merchant: Merchant;
  productId: string;
  paymentId: string;
  /** The payment's transaction id, as the transactions API shows it: what a refund names. */
  transactionId: string;
  walletId: string;
  /** What the customer paid. */
  total: number;
}

/**
 * A signed-up merchant whose product was bought once with `card` (quantity `quantity`), with `extra` more in its
 * NGN wallet so that a full refund (the customer's total, more than the merchant kept after the card fee) is
 * covered.
 */
export async function paidMerchant(
  app: FastifyInstance,
  options: {
    card?: string;
    quantity?: number;
    extra?: number;
    merchant?: Merchant;
    amount?: number;
    /** An app of the merchant whose product is bought (the user_id header). */
    actingFor?: string;
  } = {},
): Promise<PaidMerchant> {
  const merchant = options.merchant ?? (await signUpMerchant(app));
  const product = await createProduct(
    app,
    merchant,
    { amount: options.amount ?? 500_000 },
    options.actingFor,
  );
  const payment = await pay(
    app,
    product.recordId,
    startBody(options.card ?? CARDS.visaApproved, {
      quantity: options.quantity ?? 1,
      customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com`,
    }),
  );
  expect(payment.status).toBe('SUCCESSFUL');
  const [row] = await sqlRows<{ transaction_id: string }>(
    app,
    sql`select transaction_id from checkout_payments where id = ${payment.paymentId}`,
  );
  const { NGN: walletId } = await walletIdsOf(app, options.actingFor ?? merchant.userId);
  if (options.extra !== 0) await fundWallet(app, walletId, options.extra ?? 1_000_000);
  return {
    merchant,
    productId: product.recordId,
    paymentId: payment.paymentId,
    transactionId: row?.transaction_id ?? '',
    walletId,
    total: payment.total,
  };
}

export const newKey = () => `refund-${randomUUID()}`;

/** POST /api/refunds as the merchant (a session); key null sends no Idempotency-Key. */
export function postRefund(
  app: FastifyInstance,
  merchant: Merchant,
  body: Record<string, unknown>,
  key: string | null = newKey(),
  headers: Record<string, string> = bearer(merchant.token),
) {
  return app.inject({
    method: 'POST',
    url: '/api/refunds',
    headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

/** A refund that must be accepted (201). */
export async function refund(app: FastifyInstance, merchant: Merchant, body: Record<string, unknown>) {
  const response = await postRefund(app, merchant, { reason: 'requested_by_customer', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Refund;
}

/** The refunds job, run as if a minute had passed: every PENDING refund is asked about. */
export const runRefundsJob = (app: FastifyInstance) =>
  advanceDueRefunds(app.deps, app.log, new Date(Date.now() + 60_000));

/** Runs the job until no refund is pending (the sandbox answers PENDING first, then settles at the next look). */
export async function settleRefunds(app: FastifyInstance) {
  for (let round = 0; round < 5; round++) await runRefundsJob(app);
}

export async function getRefund(app: FastifyInstance, merchant: Merchant, refundId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/refunds/${refundId}`,
    headers: bearer(merchant.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Refund;
}

/** What the REFUNDS_IN_TRANSIT account holds in `currency` (the sum of its entries). */
export async function refundsInTransit(app: FastifyInstance, currency = 'NGN') {
  const [row] = await sqlRows<{ total: string | number }>(
    app,
    sql`select coalesce(sum(e.amount), 0) as total from ledger_entries e
        join system_accounts a on a.id = e.system_account_id
        where a.code = 'REFUNDS_IN_TRANSIT' and a.currency = ${currency}`,
  );
  return Number(row?.total ?? 0);
}

export async function expectLedgerVerifies(app: FastifyInstance) {
  const report = await verifyLedger(dbOf(app));
  expect(report.checks.filter((check) => check.violations > 0)).toEqual([]);
  expect(report.ok).toBe(true);
}
