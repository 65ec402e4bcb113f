import { formatMaskedAccountNumber, PAYOUT_MESSAGES, type PayoutEventData } from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import type { ScheduledJob } from '../../jobs/schedule.repository.ts';
import { doublingWaits, type RetrySchedule, retryDelayMs } from '../../lib/backoff.ts';
import type { PayoutRailProvider, RailState } from '../../providers/payout-rail/payout-rail-provider.ts';
import type { AppDeps, FeatureJobs } from '../../types.ts';
import { keepRailRecipientCode, lockBankAccount } from '../banks/index.ts';
import { returnSettledPayout, reversePayoutDebit, settlePayoutDebit } from '../money/index.ts';
import {
  cancelUnconfirmed,
  claimDuePayouts,
  lockPayout,
  markPayoutDue,
  type PayoutRow,
  updatePayout,
} from './payouts.repository.ts';

type RailDeps = Pick<AppDeps, 'database' | 'secretBox' | 'payoutRail' | 'jobs'>;
type AccountFace = { bankName: string; accountNumberLast4: string };
type PayoutOrder = Parameters<PayoutRailProvider['send']>[0];

type MovingPayout = PayoutRow & { transactionId: string; debitPostingId: string };

/** A rail that keeps saying "pending" is asked again after 30 s, 1 min, 2 min, ... then hourly. */
const PENDING_CHECKS: RetrySchedule = {
  waitsMs: doublingWaits(30_000, 3_600_000, 8),
  afterLast: 'repeat-last',
  jitter: [1, 1],
};
/** A step that failed is tried again after 30 s. */
const STEP_RETRIES: RetrySchedule = { waitsMs: [30_000], afterLast: 'repeat-last', jitter: [1, 1] };
/**
 * How long a claimed payout is left to the worker that claimed it while the rail answers. A call that outlives it
 * is harmless, only wasteful: another worker asks again, and only one answer is recorded.
 */
const RAIL_LEASE_MS = 30_000;

export const payoutEventData = (payout: PayoutRow, account: AccountFace): PayoutEventData => ({
  payoutId: payout.id,
  userId: payout.userId,
  walletId: payout.walletId,
  transactionId: payout.transactionId,
  currency: payout.currency,
  amount: payout.amount,
  fee: payout.fee,
  bankName: account.bankName,
  accountNumberMasked: formatMaskedAccountNumber(account.accountNumberLast4),
  status: payout.status === 'SUCCESSFUL' || payout.status === 'FAILED' ? payout.status : 'PROCESSING',
  failureReason: payout.failureReason,
});

/** The payout FAILED with `reason`: its amount and fee back in the wallet, once, and the merchant told why. */
async function failPayout(tx: Tx, payout: MovingPayout, account: AccountFace, reason: string) {
  await reversePayoutDebit(tx, {
    transactionId: payout.transactionId,
    debitPostingId: payout.debitPostingId,
    feeTransactionId: payout.feeTransactionId,
    reason,
  });
  const failed = await updatePayout(tx, payout.id, {
    status: 'FAILED',
    failureReason: reason,
    nextCheckAt: null,
  });
  await emitEvent(tx, {
    userId: payout.userId,
    type: 'payout.failed',
    data: payoutEventData(failed, account),
  });
}

/** What to ask the rail about a claimed payout: hand it over, or where the transfer it was handed as stands. */
type Question = { send: PayoutOrder } | { check: string };
type Claimed = { payout: MovingPayout; account: AccountFace; question: Question };

/**
 * Step 1 of a payout on its way, one short transaction: the payout locked and, if it is still PROCESSING and due,
 * claimed for the rail call by moving its next_check_at past the call (a lease: other workers and the inline
 * hand-over skip it until then). A payout not yet handed over whose account was deactivated since it was confirmed
 * fails here instead (its money returns; nothing was sent), with its account read FOR SHARE so a deactivation
 * either waits for this commit or is seen by it.
 */
async function claim(deps: RailDeps, payoutId: string, now: Date): Promise<Claimed | null> {
  return withTransaction(deps, async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    const { transactionId, debitPostingId } = payout ?? {};
    if (payout?.status !== 'PROCESSING' || !transactionId || !debitPostingId) return null;
    if (payout.nextCheckAt && payout.nextCheckAt > now) return null;
    const moving = { ...payout, transactionId, debitPostingId };
    const account = await lockBankAccount(tx, payout.bankAccountId);
    if (!account) throw new Error(`payout ${payout.id}: its bank account is gone`);
    if (!payout.railReference && account.status !== 'ACTIVE') {
      await failPayout(tx, moving, account, PAYOUT_MESSAGES.accountDeactivatedBeforeSending);
      return null;
    }
    await updatePayout(tx, payout.id, {
      nextCheckAt: new Date(Math.max(now.getTime(), Date.now()) + RAIL_LEASE_MS),
    });
    const question: Question = payout.railReference
      ? { check: payout.railReference }
      : {
          send: {
            payoutId: payout.id,
            currency: payout.currency,
            amount: payout.amount,
            accountNumber: deps.secretBox.open(account.accountNumberSealed, `bank-account:${account.id}`),
            bankCode: account.bankCode,
            accountHolderName: account.accountHolderName,
            recipientCode: account.railRecipientCode,
          },
        };
    return { payout: moving, account, question };
  });
}

/**
 * Step 3, one transaction: the rail's answer recorded onto the payout, only if the payout still stands where it
 * was when it was claimed. If another worker took it over meanwhile (this call outlived its lease) and moved it
 * on, its state stands and this answer is dropped: sending is idempotent per payout, and a check only reads.
 */
async function record(
  deps: RailDeps,
  claimed: Claimed,
  answer: { reference: string; recipientCode?: string } | RailState,
) {
  await withTransaction(deps, async (tx) => {
    const payout = await lockPayout(tx, claimed.payout.id);
    const unmoved =
      payout?.status === 'PROCESSING' &&
      payout.railReference === claimed.payout.railReference &&
      payout.railChecks === claimed.payout.railChecks;
    if (!payout || !unmoved) return;
    const { account } = claimed;
    if ('reference' in answer) {
      if (answer.recipientCode) await keepRailRecipientCode(tx, payout.bankAccountId, answer.recipientCode);
      await updatePayout(tx, payout.id, {
        railReference: answer.reference,
        nextCheckAt: new Date(Date.now() + deps.payoutRail.firstCheckAfterMs),
      });
    } else if (answer.state === 'pending') {
      await updatePayout(tx, payout.id, {
        railChecks: payout.railChecks + 1,
        nextCheckAt: new Date(Date.now() + (retryDelayMs(PENDING_CHECKS, payout.railChecks + 1) ?? 0)),
      });
    } else if (answer.state === 'succeeded') {
      await settlePayoutDebit(tx, claimed.payout.transactionId, claimed.payout.debitPostingId);
      const done = await updatePayout(tx, payout.id, {
        status: 'SUCCESSFUL',
        settledAt: new Date(),
        nextCheckAt: null,
      });
      await emitEvent(tx, {
        userId: payout.userId,
        type: 'payout.succeeded',
        data: payoutEventData(done, account),
      });
    } else {
      await failPayout(tx, claimed.payout, account, answer.reason);
    }
  });
}

/**
 * One step of a payout on its way: hand it to the rail if it has not been, else ask the rail and settle
 * (SUCCESSFUL) or reverse (FAILED, the money and the fee back in the wallet) on its answer. The rail is called
 * between two transactions, never while the payout row is locked: a slow rail holds no lock.
 */
async function advance(deps: RailDeps, payoutId: string, now: Date) {
  const claimed = await claim(deps, payoutId, now);
  if (!claimed) return;
  const { question } = claimed;
  const answer =
    'send' in question
      ? await deps.payoutRail.send(question.send)
      : await deps.payoutRail.check(question.check, claimed.payout.railChecks);
  await record(deps, claimed, answer);
}

/** A step that failed (the rail unreachable, say) is tried again by the job a little later. */
async function advanceOrRetryLater(
  deps: RailDeps,
  log: FastifyBaseLogger | undefined,
  payoutId: string,
  now: Date,
) {
  await advance(deps, payoutId, now).catch(async (error) => {
    log?.error({ err: error, payoutId }, 'a payout step failed; retrying later');
    const retryAt = new Date(Date.now() + (retryDelayMs(STEP_RETRIES, 1) ?? 0));
    await updatePayout(deps.database.db, payoutId, { nextCheckAt: retryAt }).catch(() => undefined);
  });
}

/** Right after a payout's money moved: hand it to the rail now rather than at the next job run. */
export async function sendToRail(deps: RailDeps & { log?: FastifyBaseLogger }, payoutId: string) {
  await advanceOrRetryLater(deps, deps.log, payoutId, new Date());
}

/**
 * The rail says a payout's transfer moved (its provider's webhook): ask it now rather than at the scheduled check.
 * Only the rail's own answer to that question settles the payout, so a forged or replayed notice changes nothing.
 */
export async function checkPayoutNow(deps: RailDeps & { log?: FastifyBaseLogger }, payoutId: string) {
  const now = new Date();
  if (!(await markPayoutDue(deps.database.db, payoutId, now))) return returnIfSentBack(deps, payoutId);
  await advanceOrRetryLater(deps, deps.log, payoutId, now);
  return true;
}

/**
 * A settled payout the rail now says it did not pay (the bank returned the transfer, Paystack's transfer.reversed):
 * its amount and fee back in the wallet and the merchant told why, once. The rail is asked outside any lock; the
 * payout is then locked and changed only if it is still SUCCESSFUL.
 */
async function returnIfSentBack(deps: RailDeps, payoutId: string): Promise<boolean> {
  const sent = await withTransaction(deps, (tx) => lockPayout(tx, payoutId));
  if (sent?.status !== 'SUCCESSFUL' || !sent.railReference) return false;
  const answer = await deps.payoutRail.check(sent.railReference, sent.railChecks);
  if (answer.state !== 'failed') return false;
  return withTransaction(deps, async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    const { transactionId, debitPostingId } = payout ?? {};
    if (payout?.status !== 'SUCCESSFUL' || !transactionId || !debitPostingId) return false;
    const account = await lockBankAccount(tx, payout.bankAccountId);
    if (!account) throw new Error(`payout ${payout.id}: its bank account is gone`);
    await returnSettledPayout(tx, {
      transactionId,
      debitPostingId,
      feeTransactionId: payout.feeTransactionId,
      reason: answer.reason,
    });
    const returned = await updatePayout(tx, payout.id, {
      status: 'FAILED',
      failureReason: answer.reason,
      nextCheckAt: null,
    });
    await emitEvent(tx, {
      userId: payout.userId,
      type: 'payout.failed',
      data: payoutEventData(returned, account),
    });
    return true;
  });
}

/** Every payout due for the rail, one step each; unconfirmed payouts past their deadline are cancelled. */
export async function advanceDuePayouts(deps: RailDeps, log: FastifyBaseLogger, now = new Date()) {
  await cancelUnconfirmed(deps.database.db, now);
  const due = await deps.database.db.transaction((tx) => claimDuePayouts(tx, now, 50));
  for (const payout of due) await advanceOrRetryLater(deps, log, payout.id, now);
  return due.length;
}

/** Every 2 seconds: the sandbox rail settles a few seconds after sending, and merchants watch the status move. */
const payoutsJob = (deps: RailDeps, log: FastifyBaseLogger): ScheduledJob => ({
  name: 'payouts-rail',
  everyMs: 2_000,
  run: () => advanceDuePayouts(deps, log),
});

/** Payouts' scheduled jobs (listed in app.ts). */
export const payoutsJobs: FeatureJobs = (deps, app) => [payoutsJob(deps, app.log)];
