import {
  type ConfirmPayoutRequest,
  type CreatePayoutRequest,
  CURRENCIES,
  CURRENCY_INFO,
  formatMaskedAccountNumber,
  formatMoney,
  PAYOUT_MESSAGES,
  type Payout,
  type PayoutTerms,
  payoutFee,
} from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { confirmerOf } from '../../lib/actor.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/postgres-errors.ts';
import { IDEMPOTENCY_MISMATCH } from '../../plugins/idempotency.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { findOwnedBankAccount, lockBankAccount } from '../banks/index.ts';
import { debitForPayout, findOwnedWallet, lockOwnedWallet } from '../money/index.ts';
import { isTwoFactorEnabled } from '../security/index.ts';
import { findUserById, lockUserById } from '../users/index.ts';
import {
  CONFIRM_WITHIN_MS,
  checkConfirmationCode,
  confirmationFor,
  emailConfirmationCode,
} from './payout-confirmation-codes.ts';
import { payoutEventData, sendToRail } from './payout-rail.service.ts';
import {
  cancelPending,
  findOwnedPayout,
  findOwnedPayoutByKey,
  insertPayout,
  listRecentPayouts,
  lockPayout,
  type PayoutRow,
  sumPaidOutSince,
  updatePayout,
} from './payouts.repository.ts';

export type PayoutDeps = Pick<
  AppDeps,
  'database' | 'config' | 'email' | 'keys' | 'secretBox' | 'jobs' | 'payoutRail'
> & { log?: FastifyBaseLogger };

const DAY_MS = 24 * 60 * 60_000;
const PAYOUT_NOT_FOUND = 'Payout not found';

function toPayout(
  payout: PayoutRow,
  account: { bankName: string; accountHolderName: string; accountNumberLast4: string },
): Payout {
  return {
    id: payout.id,
    walletId: payout.walletId,
    bankAccountId: payout.bankAccountId,
    currency: payout.currency,
    amount: payout.amount,
    fee: payout.fee,
    total: payout.amount + payout.fee,
    status: payout.status,
    confirmation: payout.confirmation,
    confirmBy: payout.status === 'PENDING_CONFIRMATION' ? (payout.confirmBy?.toISOString() ?? null) : null,
    bankName: account.bankName,
    accountHolderName: account.accountHolderName,
    accountNumberMasked: formatMaskedAccountNumber(account.accountNumberLast4),
    transactionId: payout.transactionId,
    failureReason: payout.failureReason,
    arrivalEstimate: CURRENCY_INFO[payout.currency].payoutArrival,
    createdAt: payout.createdAt.toISOString(),
    settledAt: payout.settledAt?.toISOString() ?? null,
  };
}

const dailyLimitError = () => conflict(PAYOUT_MESSAGES.dailyLimit, 'DAILY_LIMIT');
const deactivatedSinceStarted = () =>
  conflict(PAYOUT_MESSAGES.accountDeactivatedSinceStarted, 'BANK_ACCOUNT_INACTIVE');

/** Fees, minimum and the daily limit with what is used of it, for the payout screen. */
export async function payoutTerms(deps: PayoutDeps, actor: Actor): Promise<PayoutTerms> {
  const since = new Date(Date.now() - DAY_MS);
  const db = deps.database.db;
  const { payouts } = deps.config;
  return {
    holdHours: payouts.newAccountHoldHours,
    twoFactor: await isTwoFactorEnabled(db, confirmerOf(actor)),
    currencies: await Promise.all(
      CURRENCIES.map(async (currency) => ({
        currency,
        minimum: payouts.minimums[currency],
        dailyLimit: payouts.dailyLimits[currency],
        usedToday: await sumPaidOutSince(db, actor.ownerId, currency, since),
        feeTiers: payouts.fees[currency],
        arrivalEstimate: CURRENCY_INFO[currency].payoutArrival,
      })),
    ),
  };
}

/**
 * Checks everything that can be known before money moves, in the order a merchant can act on: whose wallet and
 * account (404), KYC, the account, the amount, the limit, the balance. The ledger checks the balance again when it
 * moves the money.
 */
async function checkPayout(deps: PayoutDeps, actor: Actor, input: CreatePayoutRequest) {
  const db = deps.database.db;
  const wallet = await findOwnedWallet(db, actor.actingUserId, input.walletId);
  if (!wallet) throw notFound('Wallet not found');
  const account = await findOwnedBankAccount(db, actor.actingUserId, input.bankAccountId);
  if (!account) throw notFound('Bank account not found');
  // 409, never 403: the dashboard takes a 403 as a forced sign-out (SPEC section 4).
  if ((await findUserById(db, actor.ownerId))?.status !== 'ACTIVE') {
    throw conflict(PAYOUT_MESSAGES.kycRequired, 'KYC_REQUIRED');
  }
  if (account.status !== 'ACTIVE') throw conflict(PAYOUT_MESSAGES.accountInactive, 'BANK_ACCOUNT_INACTIVE');
  if (account.currency !== wallet.currency)
    throw badRequest(PAYOUT_MESSAGES.currencyMismatch, 'CURRENCY_MISMATCH');
  const holdEnds = account.createdAt.getTime() + deps.config.payouts.newAccountHoldHours * 3_600_000;
  if (holdEnds > Date.now()) {
    // In UTC, said so: the server's own time zone means nothing to the merchant.
    const opens = new Date(holdEnds).toISOString().slice(0, 16).replace('T', ' ');
    throw new AppError(
      409,
      'ACCOUNT_ON_HOLD',
      `${PAYOUT_MESSAGES.accountOnHold} Payouts to it open at ${opens} UTC.`,
    );
  }
  const currency = wallet.currency;
  const minimum = deps.config.payouts.minimums[currency];
  if (input.amount < minimum) {
    throw badRequest(
      `${PAYOUT_MESSAGES.belowMinimum} The minimum is ${formatMoney(minimum, currency)}.`,
      'BELOW_MINIMUM',
    );
  }
  const fee = payoutFee(deps.config.payouts.fees[currency], input.amount);
  const used = await sumPaidOutSince(db, actor.ownerId, currency, new Date(Date.now() - DAY_MS));
  if (used + input.amount > deps.config.payouts.dailyLimits[currency]) throw dailyLimitError();
  if (wallet.balance < input.amount + fee)
    throw conflict(PAYOUT_MESSAGES.insufficientFunds, 'INSUFFICIENT_FUNDS');
  return { wallet, account, currency, fee };
}

/**
 * A payout from a dashboard session waits for the merchant's confirmation (two-factor code, else an emailed code);
 * one from an API key goes at once: the key is the merchant's server acting, with no person to ask.
 */
export async function createPayout(
  deps: PayoutDeps,
  actor: Actor,
  input: CreatePayoutRequest,
  audit: BusinessAuditContext,
  idempotencyKey?: string,
) {
  if (!idempotencyKey) return createNewPayout(deps, actor, input, audit, null);
  const earlier = await madeWithKey(deps, actor, input, idempotencyKey);
  if (earlier) return earlier;
  try {
    return await createNewPayout(deps, actor, input, audit, idempotencyKey);
  } catch (error) {
    // The same key twice at once: the second insert meets the first's row, which is the answer.
    const raced = isUniqueViolation(error) ? await madeWithKey(deps, actor, input, idempotencyKey) : null;
    if (raced) return raced;
    throw error;
  }
}

/**
 * The payout already made with this Idempotency-Key (the request store may have lost it in a crash, or a retry may
 * come after its lease): the same request gets it back, another request with the key is refused.
 */
async function madeWithKey(deps: PayoutDeps, actor: Actor, input: CreatePayoutRequest, key: string) {
  const found = await findOwnedPayoutByKey(deps.database.db, actor.actingUserId, key);
  if (!found) return null;
  const { payout, account } = found;
  const same =
    payout.walletId === input.walletId &&
    payout.bankAccountId === input.bankAccountId &&
    payout.amount === input.amount;
  if (!same) throw conflict(IDEMPOTENCY_MISMATCH, 'IDEMPOTENCY_MISMATCH');
  return toPayout(payout, account);
}

async function createNewPayout(
  deps: PayoutDeps,
  actor: Actor,
  input: CreatePayoutRequest,
  audit: BusinessAuditContext,
  idempotencyKey: string | null,
) {
  const { account, currency, fee } = await checkPayout(deps, actor, input);
  const db = deps.database.db;
  const base = {
    userId: actor.actingUserId,
    walletId: input.walletId,
    bankAccountId: input.bankAccountId,
    currency,
    amount: input.amount,
    fee,
    idempotencyKey,
  };
  if (actor.via === 'api_key') {
    // The limit and the wallet are locked before the payout row is written: that row's key lock on the wallet
    // would otherwise deadlock with another payout's wait for the wallet.
    const payout = await withTransaction(deps, async (tx) => {
      await lockLimitAndWallet(tx, actor.ownerId, actor.actingUserId, input.walletId);
      const inserted = await insertPayout(tx, { ...base, status: 'PENDING_CONFIRMATION' });
      const processing = await execute(deps, tx, actor.ownerId, inserted, account);
      await recordPayout(tx, audit, 'payout.created', processing, account);
      return processing;
    });
    await sendToRail(deps, payout.id);
    return toPayout((await findOwnedPayout(db, actor.actingUserId, payout.id))?.payout ?? payout, account);
  }
  const confirmation = await confirmationFor(deps, confirmerOf(actor));
  const payout = await db.transaction(async (tx) => {
    const inserted = await insertPayout(tx, {
      ...base,
      status: 'PENDING_CONFIRMATION',
      confirmation,
      confirmBy: new Date(Date.now() + CONFIRM_WITHIN_MS),
    });
    await recordPayout(tx, audit, 'payout.created', inserted, account);
    return inserted;
  });
  if (confirmation === 'email') await emailConfirmationCode(deps, confirmerOf(actor), payout);
  return toPayout(payout, account);
}

/** A payout that is still waiting for its code, and may still be confirmed; else the 404 or 409 that says why not. */
async function findConfirmable(deps: PayoutDeps, actor: Actor, payoutId: string) {
  const found = await findOwnedPayout(deps.database.db, actor.actingUserId, payoutId);
  if (!found) throw notFound(PAYOUT_NOT_FOUND);
  const { payout } = found;
  if (payout.status !== 'PENDING_CONFIRMATION')
    throw conflict(PAYOUT_MESSAGES.notPending, 'PAYOUT_NOT_PENDING');
  if (!payout.confirmBy || payout.confirmBy.getTime() <= Date.now()) {
    throw conflict(PAYOUT_MESSAGES.confirmationExpired, 'CONFIRMATION_EXPIRED');
  }
  if (found.account.status !== 'ACTIVE') {
    // It can never be confirmed now: cancelled at once rather than left waiting for its deadline.
    await cancelPending(deps.database.db, payout.id);
    throw deactivatedSinceStarted();
  }
  return found;
}

/**
 * A new emailed code for a payout waiting for one (the last did not arrive, was used up by a request that never
 * finished, or was locked by wrong tries): the previous code stops working and the payout waits as long again.
 */
export async function resendPayoutCode(deps: PayoutDeps, actor: Actor, payoutId: string) {
  const { payout, account } = await findConfirmable(deps, actor, payoutId);
  if (payout.confirmation !== 'email')
    throw conflict(PAYOUT_MESSAGES.notEmailConfirmed, 'NOT_EMAIL_CONFIRMED');
  const waiting = await updatePayout(deps.database.db, payout.id, {
    confirmBy: new Date(Date.now() + CONFIRM_WITHIN_MS),
  });
  await emailConfirmationCode(deps, confirmerOf(actor), waiting);
  return toPayout(waiting, account);
}

/** The code first (it is used up either way), then the money, in one transaction with the state change. */
export async function confirmPayout(
  deps: PayoutDeps,
  actor: Actor,
  payoutId: string,
  { code }: ConfirmPayoutRequest,
  audit: BusinessAuditContext,
) {
  const db = deps.database.db;
  const { payout, account } = await findConfirmable(deps, actor, payoutId);
  await checkConfirmationCode(deps, confirmerOf(actor), payout, code);
  const executed = await withTransaction(deps, async (tx) => {
    const locked = await lockPayout(tx, payout.id);
    if (locked?.status !== 'PENDING_CONFIRMATION')
      throw conflict(PAYOUT_MESSAGES.notPending, 'PAYOUT_NOT_PENDING');
    if ((await lockBankAccount(tx, payout.bankAccountId))?.status !== 'ACTIVE')
      throw deactivatedSinceStarted();
    const processing = await execute(deps, tx, actor.ownerId, locked, account);
    await recordPayout(tx, audit, 'payout.confirmed', processing, account);
    return processing;
  });
  await sendToRail(deps, executed.id);
  const fresh = await findOwnedPayout(db, actor.actingUserId, payout.id);
  return toPayout(fresh?.payout ?? executed, account);
}

/** A payout in the audit trail: the money, the wallet and where it goes (bank and last four digits only). */
function recordPayout(
  tx: Tx,
  audit: BusinessAuditContext,
  action: 'payout.created' | 'payout.confirmed',
  payout: PayoutRow,
  account: { bankName: string; accountNumberLast4: string },
) {
  return recordAuditEvent(tx, {
    ...audit,
    action,
    target: { type: 'payout', id: payout.id },
    details: {
      userId: payout.userId,
      amount: payout.amount,
      fee: payout.fee,
      currency: payout.currency,
      walletId: payout.walletId,
      bankAccountId: payout.bankAccountId,
      bankName: account.bankName,
      accountNumberLast4: account.accountNumberLast4,
      status: payout.status,
      confirmation: payout.confirmation,
    },
  });
}

/**
 * Locks the merchant's own users row, then the wallet. The daily limit is shared by the merchant and all its apps,
 * whose payouts leave different wallets, so the merchant row is what decides them one at a time; NO KEY UPDATE
 * leaves the foreign-key locks of rows written meanwhile (payouts, transactions) free. A wallet's payouts are then
 * debited one at a time, each against the balance the last one left.
 */
async function lockLimitAndWallet(tx: Tx, ownerId: string, userId: string, walletId: string) {
  await lockUserById(tx, ownerId, 'no key update');
  await lockOwnedWallet(tx, userId, walletId);
}

/**
 * Moves the money: with the merchant's limit and the wallet locked, the limit checked again over the merchant and
 * its apps, the wallet pays amount and fee into transit, the payout is PROCESSING, the event written.
 */
async function execute(
  deps: PayoutDeps,
  tx: Tx,
  ownerId: string,
  payout: PayoutRow,
  account: { bankName: string; accountHolderName: string; accountNumberLast4: string },
) {
  await lockLimitAndWallet(tx, ownerId, payout.userId, payout.walletId);
  const used = await sumPaidOutSince(tx, ownerId, payout.currency, new Date(Date.now() - DAY_MS));
  if (used + payout.amount > deps.config.payouts.dailyLimits[payout.currency]) throw dailyLimitError();
  const debit = await debitForPayout(tx, {
    userId: payout.userId,
    walletId: payout.walletId,
    currency: payout.currency,
    amount: payout.amount,
    fee: payout.fee,
    description: `Payout to ${account.bankName} ${formatMaskedAccountNumber(account.accountNumberLast4)}`,
    beneficiary: account.accountHolderName,
  });
  const processing = await updatePayout(tx, payout.id, {
    status: 'PROCESSING',
    transactionId: debit.transactionId,
    feeTransactionId: debit.feeTransactionId,
    debitPostingId: debit.debitPostingId,
    nextCheckAt: new Date(),
  });
  await emitEvent(tx, {
    userId: payout.userId,
    type: 'payout.created',
    data: payoutEventData(processing, account),
  });
  return processing;
}

export async function getPayout(deps: PayoutDeps, actor: Actor, payoutId: string) {
  const found = await findOwnedPayout(deps.database.db, actor.actingUserId, payoutId);
  if (!found) throw notFound(PAYOUT_NOT_FOUND);
  return toPayout(found.payout, found.account);
}

export async function listPayouts(deps: PayoutDeps, actor: Actor) {
  const rows = await listRecentPayouts(deps.database.db, actor.actingUserId, 100);
  return { payouts: rows.map((row) => toPayout(row.payout, row.account)) };
}
