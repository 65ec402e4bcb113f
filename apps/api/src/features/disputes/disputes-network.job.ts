import { buffer } from 'node:stream/consumers';
import { formatMoney } from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import type { ScheduledJob } from '../../jobs/schedule.repository.ts';
import { type RetrySchedule, retryDelayMs } from '../../lib/backoff.ts';
import type { DisputeUpdate } from '../../providers/payments/payments-provider.ts';
import type { AppDeps, FeatureJobs } from '../../types.ts';
import { findPaymentForRefundById, lockPaymentByProviderReference } from '../checkout/index.ts';
import { findOwnedFiles, type StoredFile } from '../files/index.ts';
import {
  holdForDispute,
  releaseDisputeHold,
  settleDisputeLoss,
  sumTakenBackFromPayment,
} from '../money/index.ts';
import { disputeEventData } from './dispute-view.ts';
import {
  addDisputeEvent,
  claimDisputesToRemind,
  claimDueNetworkActions,
  claimExpiredDisputes,
  type DisputeRow,
  insertDispute,
  lockDisputeById,
  lockDisputeByReference,
  updateDispute,
} from './disputes.repository.ts';

type NetworkDeps = Pick<AppDeps, 'database' | 'jobs' | 'payments' | 'storage'>;

/** A step that failed (the network unreachable, say) is tried again after 30 s. */
const STEP_RETRIES: RetrySchedule = { waitsMs: [30_000], afterLast: 'repeat-last', jitter: [1, 1] };
/** How long a claimed answer is left to the worker that claimed it while the network takes it. */
const NETWORK_LEASE_MS = 30_000;
/** The reminder goes this long before the evidence is due. */
const DISPUTE_REMINDER_BEFORE_MS = 48 * 3_600_000;

async function paymentOf(db: DbOrTx, dispute: DisputeRow) {
  const found = await findPaymentForRefundById(db, dispute.paymentId);
  if (!found) throw new Error(`dispute ${dispute.id}: its payment is gone`);
  return found.payment;
}

const isOpen = (row: DisputeRow) => row.status === 'NEEDS_RESPONSE' || row.status === 'UNDER_REVIEW';

/**
 * A dispute decided: WON gives the held amount back to the wallet (a CREDIT under the payment), LOST sends it to the
 * network; the timeline and dispute.closed say so. In the caller's transaction, the dispute row locked.
 */
async function close(tx: Tx, row: DisputeRow, outcome: 'WON' | 'LOST', expired = false) {
  const payment = await paymentOf(tx, row);
  const amount = formatMoney(row.amount, row.currency);
  let reversalTransactionId: string | null = null;
  if (outcome === 'WON') {
    ({ transactionId: reversalTransactionId } = await releaseDisputeHold(tx, {
      userId: row.userId,
      walletId: row.walletId,
      currency: row.currency,
      amount: row.amount,
      paymentTransactionId: row.paymentTransactionId,
      holdTransactionId: row.transactionId,
      description: `Dispute won: ${payment.customerName}`,
      beneficiary: payment.customerName,
    }));
  } else {
    await settleDisputeLoss(tx, {
      holdTransactionId: row.transactionId,
      currency: row.currency,
      amount: row.amount,
    });
  }
  const closed = await updateDispute(tx, row.id, {
    status: outcome,
    reversalTransactionId,
    closedAt: new Date(),
    networkAction: null,
    nextCheckAt: null,
  });
  await addDisputeEvent(tx, {
    disputeId: row.id,
    kind: expired ? 'EXPIRED' : outcome,
    description: expired
      ? `No evidence was submitted by the due date: the dispute is lost and ${amount} goes to the customer's bank`
      : outcome === 'WON'
        ? `The card network decided for you: ${amount} is back in your wallet`
        : `The card network decided for the customer: ${amount} goes to the customer's bank`,
  });
  await emitEvent(tx, {
    userId: row.userId,
    type: 'dispute.closed',
    data: disputeEventData(closed, payment),
  });
  return closed;
}

/**
 * A dispute the network opened: under the payment's row lock (the lock a refund takes), the amount is what the
 * network disputes, but never more than the payment still holds after its refunds and other disputes; that amount
 * leaves the wallet for DISPUTES_HELD (even below zero, ADR 051). Nothing left to dispute: nothing opens.
 */
async function open(tx: Tx, update: DisputeUpdate) {
  const found = await lockPaymentByProviderReference(tx, update.chargeReference);
  if (found?.status !== 'SUCCESSFUL') return null;
  const { payment } = found;
  const existing = await lockDisputeByReference(tx, update.disputeReference);
  if (existing) return existing;
  const disputable = payment.customerTotal - (await sumTakenBackFromPayment(tx, payment.transactionId));
  const amount = Math.min(update.amount, disputable);
  if (amount <= 0) return null;
  const hold = await holdForDispute(tx, {
    userId: payment.userId,
    walletId: found.walletId,
    currency: payment.currency,
    amount,
    paymentTransactionId: payment.transactionId,
    description: `Dispute: ${found.productName}`,
    beneficiary: payment.customerName,
  });
  const row = await insertDispute(tx, {
    userId: payment.userId,
    paymentId: payment.id,
    paymentTransactionId: payment.transactionId,
    walletId: found.walletId,
    currency: payment.currency,
    amount,
    reason: update.reason,
    status: 'NEEDS_RESPONSE',
    evidenceDueBy: update.evidenceDueBy,
    providerReference: update.disputeReference,
    transactionId: hold.transactionId,
    holdPostingId: hold.holdPostingId,
  });
  await addDisputeEvent(tx, {
    disputeId: row.id,
    kind: 'OPENED',
    description: `The customer's bank disputed ${formatMoney(amount, payment.currency)}: the amount is held from your wallet`,
  });
  await emitEvent(tx, { userId: row.userId, type: 'dispute.created', data: disputeEventData(row, payment) });
  return row;
}

/**
 * One update from the network recorded, in one transaction; recording it twice changes nothing. Answers whether the
 * dispute is one of ours (false: no payment of ours has this charge, or nothing of it is left to dispute).
 */
export async function recordDisputeUpdate(deps: Pick<AppDeps, 'database' | 'jobs'>, update: DisputeUpdate) {
  return withTransaction(deps, async (tx) => {
    const row = await open(tx, update);
    if (!row) return false;
    if (isOpen(row) && (update.state === 'WON' || update.state === 'LOST'))
      await close(tx, row, update.state);
    return true;
  });
}

/** Hears what the network opened or decided since it was last asked, records each, then acknowledges it. */
async function pollDisputeUpdates(deps: NetworkDeps) {
  const updates = await deps.payments.disputeUpdates(50);
  for (const update of updates) {
    await recordDisputeUpdate(deps, update);
    await deps.payments.acknowledgeDisputeUpdate(update.disputeReference, update.state);
  }
  return updates.length;
}

/** Step 1 of telling the network an answer: claimed with a lease, in a short transaction (ADR 048). */
async function claimAnswer(deps: NetworkDeps, disputeId: string, now: Date) {
  return withTransaction(deps, async (tx) => {
    const row = await lockDisputeById(tx, disputeId);
    if (!row?.networkAction) return null;
    if (row.nextCheckAt && row.nextCheckAt > now) return null;
    return updateDispute(tx, row.id, {
      nextCheckAt: new Date(Math.max(now.getTime(), Date.now()) + NETWORK_LEASE_MS),
    });
  });
}

/** An evidence file as the network takes it: its bytes are read from storage only when they are sent. */
const evidenceFileOf = (deps: NetworkDeps, file: StoredFile) => ({
  name: file.originalName ?? 'evidence',
  contentType: file.contentType,
  read: async () => {
    const body = await deps.storage.get(file.storageKey);
    if (!body) throw new Error(`evidence file ${file.id}: its bytes are gone from storage`);
    return buffer(body);
  },
});

/** The submitted evidence as the network takes it; the customer is the one who paid when the merchant named none. */
async function evidenceOf(deps: NetworkDeps, dispute: DisputeRow) {
  const { db } = deps.database;
  const [payment, files] = await Promise.all([
    paymentOf(db, dispute),
    findOwnedFiles(db, dispute.userId, dispute.evidenceFileIds),
  ]);
  return {
    disputeReference: dispute.providerReference,
    explanation: dispute.evidenceExplanation ?? '',
    customerName: dispute.evidenceCustomerName ?? payment.customerName,
    customerEmail: dispute.evidenceCustomerEmail ?? payment.customerEmail,
    deliveryDetails: dispute.evidenceDeliveryDetails,
    files: files.map((file) => evidenceFileOf(deps, file)),
  };
}

/** The merchant's answer (evidence or acceptance) sent to the network with no row locked, then marked told. */
async function tellNetwork(deps: NetworkDeps, disputeId: string, now: Date) {
  const claimed = await claimAnswer(deps, disputeId, now);
  if (!claimed?.networkAction) return;
  if (claimed.networkAction === 'ACCEPT') {
    await deps.payments.acceptDispute(claimed.providerReference);
  } else {
    await deps.payments.submitDisputeEvidence(await evidenceOf(deps, claimed));
  }
  await withTransaction(deps, async (tx) => {
    const row = await lockDisputeById(tx, claimed.id);
    if (row?.networkAction !== claimed.networkAction || row.attempts !== claimed.attempts) return;
    await updateDispute(tx, row.id, { networkAction: null, nextCheckAt: null, attempts: row.attempts + 1 });
  });
}

async function tellOrRetryLater(
  deps: NetworkDeps,
  log: FastifyBaseLogger | undefined,
  disputeId: string,
  now: Date,
) {
  await tellNetwork(deps, disputeId, now).catch(async (error) => {
    log?.error({ err: error, disputeId }, 'telling the card network about a dispute failed; retrying later');
    const retryAt = new Date(Date.now() + (retryDelayMs(STEP_RETRIES, 1) ?? 0));
    await updateDispute(deps.database.db, disputeId, { nextCheckAt: retryAt }).catch(() => undefined);
  });
}

/** Right after the merchant answered: tell the network now rather than at the next job run. */
export async function tellNetworkNow(deps: NetworkDeps & { log?: FastifyBaseLogger }, disputeId: string) {
  await tellOrRetryLater(deps, deps.log, disputeId, new Date());
}

/** Unanswered disputes past their due date are lost (the network takes the held amount). */
async function expireOverdueDisputes(deps: NetworkDeps, now = new Date()) {
  const due = await deps.database.db.transaction((tx) => claimExpiredDisputes(tx, now, 50));
  for (const { id } of due) {
    await withTransaction(deps, async (tx) => {
      const row = await lockDisputeById(tx, id);
      if (row?.status !== 'NEEDS_RESPONSE' || row.evidenceDueBy > now) return;
      await close(tx, row, 'LOST', true);
    });
  }
  return due.length;
}

/** Unanswered disputes due within 48 hours get their reminder (the bell and an email), once each. */
async function remindDueDisputes(deps: NetworkDeps, now = new Date()) {
  return withTransaction(deps, async (tx) => {
    const due = await claimDisputesToRemind(tx, now, DISPUTE_REMINDER_BEFORE_MS, 50);
    for (const row of due) {
      const reminded = await updateDispute(tx, row.id, { reminderSentAt: now });
      await addDisputeEvent(tx, {
        disputeId: row.id,
        kind: 'REMINDER_SENT',
        description: 'Reminder sent: the evidence is due within 48 hours',
      });
      const payment = await paymentOf(tx, row);
      await emitEvent(tx, {
        userId: row.userId,
        type: 'dispute.evidence_due_soon',
        data: disputeEventData(reminded, payment),
      });
    }
    return due.length;
  });
}

/** Answers still to tell the network, due now: each told once (a lease keeps two workers apart). */
async function tellDueAnswers(deps: NetworkDeps, log?: FastifyBaseLogger, now = new Date()) {
  const due = await deps.database.db.transaction((tx) => claimDueNetworkActions(tx, now, 50));
  for (const { id } of due) await tellOrRetryLater(deps, log, id, now);
  return due.length;
}

/** One run of the disputes job: the network heard, answers told, overdue disputes lost, reminders sent. */
export async function runDisputesJob(deps: NetworkDeps, log?: FastifyBaseLogger, now = new Date()) {
  await pollDisputeUpdates(deps).catch((error) =>
    log?.error({ err: error }, 'polling the card network for disputes failed'),
  );
  await tellDueAnswers(deps, log, now);
  await expireOverdueDisputes(deps, now);
  await remindDueDisputes(deps, now);
}

const disputesJob = (deps: NetworkDeps, log: FastifyBaseLogger): ScheduledJob => ({
  name: 'disputes-network',
  everyMs: 2_000,
  run: () => runDisputesJob(deps, log),
});

/** Disputes' scheduled jobs (listed in app.ts). */
export const disputesJobs: FeatureJobs = (deps, app) => [disputesJob(deps, app.log)];
