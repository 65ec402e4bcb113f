import { randomUUID } from 'node:crypto';
import type { DisputeDetail, DisputePage, DisputeReason } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../../src/config.ts';
import { recordDisputeUpdate, runDisputesJob } from '../../../src/features/disputes/index.ts';
import { bearer, type Merchant, sqlRows, testConfig } from '../../helper.ts';
import { type PaidMerchant, paidMerchant } from '../refunds/refund-fixtures.ts';

/** The sandbox network disputes at its next look and decides evidence at once: tests drive the job themselves. */
export const disputeTestConfig = (overrides: Partial<Config['checkout']> = {}): Partial<Config> => ({
  checkout: {
    ...testConfig().checkout,
    sandboxRefundSeconds: 0,
    sandboxDisputeAfterSeconds: 0,
    sandboxDisputeReviewSeconds: 0,
    ...overrides,
  },
});

/** Stripe's "disputed" card: paid, then disputed by the network. */
export const DISPUTED_CARD = '4000000000000259';

/** The disputes job, one run (network heard, answers told, overdue lost, reminders sent). */
export const runJob = (app: FastifyInstance, now = new Date()) => runDisputesJob(app.deps, app.log, now);

/** A merchant paid with the disputed card (and `extra` more in the wallet), before the network disputes it. */
export const disputedPayment = (app: FastifyInstance, options: Parameters<typeof paidMerchant>[1] = {}) =>
  paidMerchant(app, { card: DISPUTED_CARD, ...options });

/** The card network reports a dispute of `amount` of this payment's charge, as its webhook would, due in a day. */
export async function reportNetworkDispute(
  app: FastifyInstance,
  paymentId: string,
  amount: number,
  reason: DisputeReason = 'fraudulent',
) {
  const [row] = await sqlRows<{ provider_reference: string }>(
    app,
    sql`select provider_reference from checkout_payments where id = ${paymentId}`,
  );
  return recordDisputeUpdate(app.deps, {
    disputeReference: randomUUID(),
    chargeReference: row?.provider_reference ?? '',
    reason,
    amount,
    currency: 'NGN',
    state: 'NEEDS_RESPONSE',
    evidenceDueBy: new Date(Date.now() + 86_400_000),
  });
}

/** A dispute the network reports and that opens (reportNetworkDispute): its id. */
export async function networkDisputeId(app: FastifyInstance, paymentId: string, amount: number) {
  await reportNetworkDispute(app, paymentId, amount);
  const [dispute] = await sqlRows<{ id: string }>(
    app,
    sql`select id from disputes where payment_id = ${paymentId}`,
  );
  if (!dispute) throw new Error(`payment ${paymentId} was not disputed`);
  return dispute.id;
}

/** The merchant's dispute of this payment, once the job heard the network (exactly one). */
export async function disputeOf(app: FastifyInstance, paid: PaidMerchant) {
  const page = await listDisputes(app, paid.merchant, `?transactionId=${paid.transactionId}`);
  expect(page.items).toHaveLength(1);
  const [item] = page.items;
  return getDispute(app, paid.merchant, item?.id ?? '');
}

/** A paid merchant whose payment the network disputed and the job recorded. */
export async function openedDispute(app: FastifyInstance, options: Parameters<typeof paidMerchant>[1] = {}) {
  const paid = await disputedPayment(app, options);
  await runJob(app);
  return { paid, dispute: await disputeOf(app, paid) };
}

export async function listDisputes(app: FastifyInstance, merchant: Merchant, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/disputes${query}`,
    headers: bearer(merchant.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DisputePage;
}

export async function getDispute(app: FastifyInstance, merchant: Merchant, disputeId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/disputes/${disputeId}`,
    headers: bearer(merchant.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DisputeDetail;
}

export const postEvidence = (
  app: FastifyInstance,
  merchant: Merchant,
  disputeId: string,
  body: Record<string, unknown>,
) =>
  app.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/evidence`,
    headers: bearer(merchant.token),
    payload: body,
  });

export const postAccept = (app: FastifyInstance, merchant: Merchant, disputeId: string) =>
  app.inject({ method: 'POST', url: `/api/disputes/${disputeId}/accept`, headers: bearer(merchant.token) });

/** What the DISPUTES_HELD account holds in `currency`. */
export async function disputesHeld(app: FastifyInstance, currency = 'NGN') {
  const [row] = await sqlRows<{ total: string | number }>(
    app,
    sql`select coalesce(sum(e.amount), 0) as total from ledger_entries e
        join system_accounts a on a.id = e.system_account_id
        where a.code = 'DISPUTES_HELD' and a.currency = ${currency}`,
  );
  return Number(row?.total ?? 0);
}

/** The event types emitted for a user, oldest first. */
export async function eventTypesOf(app: FastifyInstance, userId: string) {
  const rows = await sqlRows<{ event_type: string }>(
    app,
    sql`select event_type from outbox_events where user_id = ${userId} and event_type like 'dispute.%' order by created_at, id`,
  );
  return rows.map((row) => row.event_type);
}
