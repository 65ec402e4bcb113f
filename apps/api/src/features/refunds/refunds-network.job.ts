import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import type { ScheduledJob } from '../../jobs/schedule.repository.ts';
import { doublingWaits, type RetrySchedule, retryDelayMs } from '../../lib/backoff.ts';
import type { RefundResult } from '../../providers/payments/payments-provider.ts';
import type { AppDeps, FeatureJobs } from '../../types.ts';
import { findPaymentForRefundById } from '../checkout/index.ts';
import { reverseRefundDebit, settleRefundDebit } from '../money/index.ts';
import { returnStock } from '../products/index.ts';
import { refundEventData } from './refund-view.ts';
import {
  claimDueRefunds,
  lockRefundById,
  markAnsweredRefundsOfChargeDue,
  type RefundRow,
  updateRefund,
} from './refunds.repository.ts';

type NetworkDeps = Pick<AppDeps, 'database' | 'jobs' | 'payments'>;

/** A network that keeps saying "pending" is asked again after 2 s, 4 s, 8 s, ... then hourly. */
const PENDING_CHECKS: RetrySchedule = {
  waitsMs: doublingWaits(2_000, 3_600_000, 12),
  afterLast: 'repeat-last',
  jitter: [1, 1],
};
/** A step that failed (the network unreachable, say) is tried again after 30 s. */
const STEP_RETRIES: RetrySchedule = { waitsMs: [30_000], afterLast: 'repeat-last', jitter: [1, 1] };
/** How long a claimed refund is left to the worker that claimed it while the network answers. */
const NETWORK_LEASE_MS = 30_000;

/** The payment behind a refund, as its events and restock need it. */
async function paymentOf(tx: Tx, refund: RefundRow) {
  const found = await findPaymentForRefundById(tx, refund.paymentId);
  if (!found) throw new Error(`refund ${refund.id}: its payment is gone`);
  return found.payment;
}

/**
 * Step 1, one short transaction: the refund locked and, if it is still PENDING and due, claimed for the network
 * call by moving its next_check_at past the call (a lease). Nothing is locked while the network answers (ADR 048).
 */
async function claim(deps: NetworkDeps, refundId: string, now: Date) {
  return withTransaction(deps, async (tx) => {
    const refund = await lockRefundById(tx, refundId);
    if (refund?.status !== 'PENDING') return null;
    if (refund.nextCheckAt && refund.nextCheckAt > now) return null;
    await updateRefund(tx, refund.id, {
      nextCheckAt: new Date(Math.max(now.getTime(), Date.now()) + NETWORK_LEASE_MS),
    });
    const payment = await paymentOf(tx, refund);
    if (!payment.providerReference) throw new Error(`refund ${refund.id}: its payment was never charged`);
    return { refund, chargeReference: payment.providerReference };
  });
}

/**
 * Step 3, one transaction: the network's answer recorded, only if the refund still stands where it was claimed
 * (another worker that took it over after this call outlived its lease may have moved it on: its state stands).
 * SUCCEEDED: the money leaves transit for the card and a restocking refund puts the quantity back; FAILED: the money
 * is back in the wallet.
 */
async function record(deps: NetworkDeps, claimed: RefundRow, answer: RefundResult) {
  await withTransaction(deps, async (tx) => {
    const refund = await lockRefundById(tx, claimed.id);
    if (refund?.status !== 'PENDING' || refund.attempts !== claimed.attempts) return;
    if (answer.state === 'PENDING') {
      await updateRefund(tx, refund.id, {
        providerReference: answer.refundId,
        attempts: refund.attempts + 1,
        nextCheckAt: new Date(Date.now() + (retryDelayMs(PENDING_CHECKS, refund.attempts + 1) ?? 0)),
      });
      return;
    }
    const payment = await paymentOf(tx, refund);
    if (answer.state === 'SUCCEEDED') {
      await settleRefundDebit(tx, refund.transactionId, refund.debitPostingId);
      if (refund.restock) await returnStock(tx, payment.productId, payment.quantity);
      const done = await updateRefund(tx, refund.id, {
        status: 'SUCCEEDED',
        providerReference: answer.refundId,
        attempts: refund.attempts + 1,
        settledAt: new Date(),
        nextCheckAt: null,
      });
      await emitEvent(tx, {
        userId: done.userId,
        type: 'refund.succeeded',
        data: refundEventData(done, payment),
      });
      return;
    }
    await reverseRefundDebit(tx, {
      transactionId: refund.transactionId,
      debitPostingId: refund.debitPostingId,
      reason: answer.reason,
    });
    const failed = await updateRefund(tx, refund.id, {
      status: 'FAILED',
      failureReason: answer.reason,
      providerReference: answer.refundId ?? refund.providerReference,
      attempts: refund.attempts + 1,
      nextCheckAt: null,
    });
    await emitEvent(tx, {
      userId: failed.userId,
      type: 'refund.failed',
      data: refundEventData(failed, payment),
    });
  });
}

/**
 * One step of a refund on its way: ask the network for it if it has not been asked (idempotent by our refund id),
 * else ask where it stands, and record the answer. The network is called between two transactions.
 */
async function advance(deps: NetworkDeps, refundId: string, now: Date) {
  const claimed = await claim(deps, refundId, now);
  if (!claimed) return;
  const { refund, chargeReference } = claimed;
  const answer = refund.providerReference
    ? await deps.payments.lookupRefund({
        refundReference: refund.id,
        refundId: refund.providerReference,
        chargeReference,
      })
    : await deps.payments.refund({
        providerReference: chargeReference,
        refundReference: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        customerNote: refund.customerNote,
      });
  await record(deps, refund, answer);
}

async function advanceOrRetryLater(
  deps: NetworkDeps,
  log: FastifyBaseLogger | undefined,
  refundId: string,
  now: Date,
) {
  await advance(deps, refundId, now).catch(async (error) => {
    log?.error({ err: error, refundId }, 'a refund step failed; retrying later');
    const retryAt = new Date(Date.now() + (retryDelayMs(STEP_RETRIES, 1) ?? 0));
    await updateRefund(deps.database.db, refundId, { nextCheckAt: retryAt }).catch(() => undefined);
  });
}

/** Right after a refund's money moved: ask the network now rather than at the next job run. */
export async function askNetworkNow(deps: NetworkDeps & { log?: FastifyBaseLogger }, refundId: string) {
  await advanceOrRetryLater(deps, deps.log, refundId, new Date());
}

/**
 * The network says something happened to a refund of this charge (Paystack's refund.* webhooks): each of the
 * charge's refunds it has answered for is asked about now, and the network's answer (never the notice's own words)
 * is recorded, so a replayed or invented notice changes nothing. Returns whether the charge had any such refund.
 */
export async function checkRefundsOfChargeNow(
  deps: NetworkDeps & { log?: FastifyBaseLogger },
  chargeReference: string,
) {
  const now = new Date();
  const due = await markAnsweredRefundsOfChargeDue(deps.database.db, chargeReference, now);
  for (const refundId of due) await advanceOrRetryLater(deps, deps.log, refundId, now);
  return due.length > 0;
}

/** Every refund due for the card network, one step each; returns how many were due. */
export async function advanceDueRefunds(deps: NetworkDeps, log: FastifyBaseLogger, now = new Date()) {
  const due = await deps.database.db.transaction((tx) => claimDueRefunds(tx, now, 50));
  for (const refund of due) await advanceOrRetryLater(deps, log, refund.id, now);
  return due.length;
}

/** Every 2 seconds: the sandbox network settles refunds a few seconds after they are asked. */
const refundsJob = (deps: NetworkDeps, log: FastifyBaseLogger): ScheduledJob => ({
  name: 'refunds-network',
  everyMs: 2_000,
  run: () => advanceDueRefunds(deps, log),
});

/** Refunds' scheduled jobs (listed in app.ts). */
export const refundsJobs: FeatureJobs = (deps, app) => [refundsJob(deps, app.log)];
