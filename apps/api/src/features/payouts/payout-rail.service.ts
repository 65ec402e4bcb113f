import { formatMaskedAccountNumber, PAYOUT_MESSAGES, type PayoutEventData } from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { eventValues, writeEvent } from '../../jobs/events.repository.ts';
import type { ScheduledJob } from '../../jobs/schedule.repository.ts';
import type { AppDeps } from '../../types.ts';
import { lockBankAccount } from '../banks/index.ts';
import { reversePayoutDebit, settlePayoutDebit } from '../money/index.ts';
import {
  cancelUnconfirmed,
  claimDuePayouts,
  lockPayout,
  type PayoutRow,
  updatePayout,
} from './payouts.repository.ts';

type RailDeps = Pick<AppDeps, 'database' | 'secretBox' | 'payoutRail' | 'jobs'>;
type AccountFace = { bankName: string; accountNumberLast4: string };

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

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

/** 30 s, 1 min, 2 min, ... at most an hour between questions to a rail that keeps saying "pending". */
const nextCheckIn = (checks: number) => Math.min(RETRY_BASE_MS * 2 ** checks, RETRY_MAX_MS);

/** The payout FAILED with `reason`: its amount and fee back in the wallet, once, and the merchant told why. */
async function failPayout(
  tx: Tx,
  payout: PayoutRow & { transactionId: string; debitPostingId: string },
  account: AccountFace,
  reason: string,
) {
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
  await writeEvent(
    tx,
    eventValues({ userId: payout.userId, type: 'payout.failed', data: payoutEventData(failed, account) }),
  );
}

/**
 * One step of a payout on its way, with the payout locked: hand it to the rail if it has not been (not if its
 * account was deactivated since it was confirmed: it fails and its money returns), else ask the rail and settle
 * (SUCCESSFUL) or reverse (FAILED, the money and the fee back in the wallet) on its answer.
 */
async function advance(deps: RailDeps, payoutId: string) {
  return deps.database.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    const { transactionId, debitPostingId } = payout ?? {};
    if (payout?.status !== 'PROCESSING' || !transactionId || !debitPostingId) return;
    const moving = { ...payout, transactionId, debitPostingId };
    const account = await lockBankAccount(tx, payout.bankAccountId);
    if (!account) throw new Error(`payout ${payout.id}: its bank account is gone`);
    if (!payout.railReference && account.status !== 'ACTIVE') {
      await failPayout(tx, moving, account, PAYOUT_MESSAGES.accountDeactivatedBeforeSending);
      return;
    }
    if (!payout.railReference) {
      const { reference } = await deps.payoutRail.send({
        payoutId: payout.id,
        currency: payout.currency,
        amount: payout.amount,
        accountNumber: deps.secretBox.open(account.accountNumberSealed, `bank-account:${account.id}`),
        bankCode: account.bankCode,
        accountHolderName: account.accountHolderName,
      });
      await updatePayout(tx, payout.id, {
        railReference: reference,
        nextCheckAt: new Date(Date.now() + deps.payoutRail.firstCheckAfterMs),
      });
      return;
    }
    const answer = await deps.payoutRail.check(payout.railReference, payout.railChecks);
    if (answer.state === 'pending') {
      await updatePayout(tx, payout.id, {
        railChecks: payout.railChecks + 1,
        nextCheckAt: new Date(Date.now() + nextCheckIn(payout.railChecks)),
      });
      return;
    }
    if (answer.state === 'succeeded') {
      await settlePayoutDebit(tx, transactionId, debitPostingId);
      const done = await updatePayout(tx, payout.id, {
        status: 'SUCCESSFUL',
        settledAt: new Date(),
        nextCheckAt: null,
      });
      await writeEvent(
        tx,
        eventValues({
          userId: payout.userId,
          type: 'payout.succeeded',
          data: payoutEventData(done, account),
        }),
      );
      return;
    }
    await failPayout(tx, moving, account, answer.reason);
  });
}

/**
 * Right after a payout's money moved: hand it to the rail now rather than at the next job run. A failure here
 * (the rail unreachable) leaves it to the job, which tries again.
 */
export async function sendToRail(deps: RailDeps & { log?: FastifyBaseLogger }, payoutId: string) {
  await advance(deps, payoutId).catch((error) =>
    deps.log?.error({ err: error, payoutId }, 'handing a payout to the rail failed'),
  );
  deps.jobs.kick();
}

/** Every payout due for the rail, one transaction each; unconfirmed payouts past their deadline are cancelled. */
export async function advanceDuePayouts(deps: RailDeps, log: FastifyBaseLogger, now = new Date()) {
  await cancelUnconfirmed(deps.database.db, now);
  const due = await deps.database.db.transaction((tx) => claimDuePayouts(tx, now, 50));
  for (const payout of due) {
    await advance(deps, payout.id).catch(async (error) => {
      log.error({ err: error, payoutId: payout.id }, 'a payout step failed; retrying later');
      await updatePayout(deps.database.db, payout.id, { nextCheckAt: new Date(Date.now() + RETRY_BASE_MS) });
    });
  }
  return due.length;
}

/** Every 2 seconds: the sandbox rail settles a few seconds after sending, and merchants watch the status move. */
export const payoutsJob = (deps: RailDeps, log: FastifyBaseLogger): ScheduledJob => ({
  name: 'payouts-rail',
  everyMs: 2_000,
  run: () => advanceDuePayouts(deps, log),
});
