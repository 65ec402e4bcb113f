import { randomUUID } from 'node:crypto';
import type { Currency, TransactionChannel } from '@bizdash/shared';
import type { Tx } from '../../../db/client.ts';
import { findPostingByKey } from '../ledger/ledger.repository.ts';
import {
  LedgerRuleError,
  postTransfer,
  postTransfersInBulk,
  reversePosting,
} from '../ledger/ledger.service.ts';
import type { SystemAccountCode, TransferRequest } from '../ledger/ledger.types.ts';
import { childIdBelow } from './transaction-cursor.ts';
import {
  insertTransaction,
  lockTransactionById,
  markReturnedTransaction,
  updateTransactionStatusById,
} from './transactions.repository.ts';
import { reverseTransaction } from './transactions.service.ts';

/*
 * Money that leaves a wallet at once but reaches its destination later (a payout on the bank rail, a refund on the
 * card network): debited into an in-transit system account with a DEBIT transaction in CREATED, then settled out of
 * transit into CUSTOMER_FUNDS (the house's bank position) or reversed back into the wallet. One shape, a route per
 * kind of movement; the idempotency-key prefixes are the route's (existing databases hold the payouts' ones).
 */
interface InTransitRoute {
  account: SystemAccountCode;
  kind: TransferRequest['kind'];
  /** Idempotency-key prefixes of the debit and settle postings, followed by the DEBIT transaction's id. */
  debitKey: string;
  settledKey: string;
  debited: string;
  settled: string;
  returned: string;
}

const PAYOUT_ROUTE: InTransitRoute = {
  account: 'PAYOUTS_IN_TRANSIT',
  kind: 'PAYOUT',
  debitKey: 'payout-debit:',
  settledKey: 'payout-settled:',
  debited: 'Payout sent to the bank',
  settled: 'Payout settled by the bank',
  returned: 'Payout returned',
};

const REFUND_ROUTE: InTransitRoute = {
  account: 'REFUNDS_IN_TRANSIT',
  kind: 'REFUND',
  debitKey: 'refund-debit:',
  settledKey: 'refund-settled:',
  debited: 'Refund sent to the card network',
  settled: 'Refund returned to the card',
  returned: 'Refund returned to the wallet',
};

const inTransit = (
  route: InTransitRoute,
  transactionId: string,
  walletId: string,
  currency: Currency,
  amount: number,
) =>
  ({
    idempotencyKey: `${route.debitKey}${transactionId}`,
    kind: route.kind,
    description: route.debited,
    legs: [
      { account: { walletId }, currency, amount: -amount },
      { account: { system: route.account }, currency, amount },
    ],
  }) satisfies TransferRequest;

interface InTransitDebit {
  userId: string;
  walletId: string;
  currency: Currency;
  amount: number;
  description: string;
  beneficiary: string;
  channel: TransactionChannel;
  parentTransactionId?: string | null;
  /** A fee taken with it, to FEES_EARNED as a SUCCESSFUL child of the DEBIT (payouts). */
  fee?: { amount: number; description: string };
}

/**
 * Takes the amount (and a fee, if any) out of the wallet in the caller's transaction: the amount into the route's
 * in-transit account (the DEBIT transaction stays CREATED, not yet posted as its own, until the far side answers),
 * the fee to FEES_EARNED as a SUCCESSFUL child. The wallet is checked once for both: never below zero, and only an
 * ACTIVE wallet spends.
 */
async function debitIntoTransit(tx: Tx, route: InTransitRoute, debit: InTransitDebit) {
  const transactionId = randomUUID();
  const debitPostingId = randomUUID();
  const feeAmount = debit.fee?.amount ?? 0;
  const feeTransactionId = feeAmount > 0 ? childIdBelow(transactionId) : null;
  const feePostingId = randomUUID();
  const { walletId, currency } = debit;
  const postings: (TransferRequest & { postingId: string })[] = [
    { ...inTransit(route, transactionId, walletId, currency, debit.amount), postingId: debitPostingId },
  ];
  if (feeTransactionId && debit.fee) {
    postings.push({
      postingId: feePostingId,
      idempotencyKey: `transaction:${feeTransactionId}`,
      kind: 'FEE',
      description: debit.fee.description,
      legs: [
        { account: { walletId }, currency, amount: -feeAmount },
        { account: { system: 'FEES_EARNED' }, currency, amount: feeAmount },
      ],
    });
  }
  await postTransfersInBulk(tx, postings, route.kind);
  await insertTransaction(tx, {
    id: transactionId,
    userId: debit.userId,
    walletId,
    transactionType: 'DEBIT',
    transactionStatus: 'CREATED',
    transactionAmount: debit.amount,
    currencyCode: currency,
    description: debit.description,
    transactionChannel: debit.channel,
    beneficiary: debit.beneficiary,
    parentTransactionId: debit.parentTransactionId ?? null,
  });
  if (feeTransactionId && debit.fee) {
    await insertTransaction(tx, {
      id: feeTransactionId,
      userId: debit.userId,
      walletId,
      transactionType: 'DEBIT',
      transactionStatus: 'SUCCESSFUL',
      transactionAmount: feeAmount,
      currencyCode: currency,
      description: debit.fee.description,
      transactionChannel: 'FEE',
      parentTransactionId: transactionId,
      postingId: feePostingId,
    });
  }
  return { transactionId, feeTransactionId, debitPostingId };
}

/**
 * The far side took the money: it leaves the in-transit account for CUSTOMER_FUNDS and the DEBIT is SUCCESSFUL,
 * posted as the wallet's debit. Settling twice is a no-op.
 */
async function settleFromTransit(
  tx: Tx,
  route: InTransitRoute,
  transactionId: string,
  debitPostingId: string,
) {
  const row = await lockTransactionById(tx, transactionId);
  if (!row) throw new LedgerRuleError(`in-transit transaction ${transactionId} does not exist`);
  if (row.transactionStatus === 'SUCCESSFUL' || row.transactionStatus === 'FAILED') return row;
  const { currencyCode: currency, transactionAmount: amount } = row;
  await postTransfer(tx, {
    idempotencyKey: `${route.settledKey}${transactionId}`,
    kind: route.kind,
    description: route.settled,
    legs: [
      { account: { system: route.account }, currency, amount: -amount },
      { account: { system: 'CUSTOMER_FUNDS' }, currency, amount },
    ],
  });
  return updateTransactionStatusById(tx, transactionId, {
    transactionStatus: 'SUCCESSFUL',
    postingId: debitPostingId,
    impactTime: new Date(),
  });
}

/**
 * The far side gave up: the amount comes back from transit by reversing the debit posting (once: a posting is
 * reversed at most once), the DEBIT is FAILED, and a fee is refunded with a reversal of its own. A second call is a
 * no-op.
 */
async function reverseFromTransit(
  tx: Tx,
  route: InTransitRoute,
  moving: { transactionId: string; debitPostingId: string; feeTransactionId?: string | null; reason: string },
) {
  const row = await lockTransactionById(tx, moving.transactionId);
  if (!row) throw new LedgerRuleError(`in-transit transaction ${moving.transactionId} does not exist`);
  if (row.transactionStatus === 'SUCCESSFUL' || row.transactionStatus === 'FAILED') return row;
  await reversePosting(tx, moving.debitPostingId, `${route.returned}: ${moving.reason}`);
  if (moving.feeTransactionId) {
    await reverseTransaction(tx, moving.feeTransactionId, 'Payout fee refunded');
  }
  return updateTransactionStatusById(tx, moving.transactionId, {
    transactionStatus: 'FAILED',
    failureReason: moving.reason,
  });
}

/**
 * The far side sent back money it had already taken (a bank returning a settled transfer): its settle posting and
 * its debit are both reversed, so the amount goes from CUSTOMER_FUNDS back to the wallet, a fee is refunded, and
 * the DEBIT is FAILED with why. Once: a second call finds the DEBIT no longer SUCCESSFUL and does nothing.
 */
async function returnFromSettled(
  tx: Tx,
  route: InTransitRoute,
  moving: { transactionId: string; debitPostingId: string; feeTransactionId?: string | null; reason: string },
) {
  const row = await lockTransactionById(tx, moving.transactionId);
  if (!row) throw new LedgerRuleError(`in-transit transaction ${moving.transactionId} does not exist`);
  if (row.transactionStatus !== 'SUCCESSFUL') return row;
  const settled = await findPostingByKey(tx, `${route.settledKey}${moving.transactionId}`);
  if (!settled) throw new LedgerRuleError(`transaction ${moving.transactionId} was never settled`);
  const description = `${route.returned}: ${moving.reason}`;
  await reversePosting(tx, settled.id, description);
  await reversePosting(tx, moving.debitPostingId, description);
  if (moving.feeTransactionId) {
    await reverseTransaction(tx, moving.feeTransactionId, 'Payout fee refunded');
  }
  return markReturnedTransaction(tx, moving.transactionId, moving.reason);
}

export interface PayoutDebit {
  userId: string;
  walletId: string;
  currency: Currency;
  amount: number;
  fee: number;
  description: string;
  beneficiary: string;
}

/** A payout's amount into PAYOUTS_IN_TRANSIT and its fee to FEES_EARNED (ADR 032). */
export const debitForPayout = (tx: Tx, payout: PayoutDebit) =>
  debitIntoTransit(tx, PAYOUT_ROUTE, {
    ...payout,
    channel: 'BANK_TRANSFER',
    fee: { amount: payout.fee, description: 'Payout fee' },
  });

/** The rail paid the bank. */
export const settlePayoutDebit = (tx: Tx, transactionId: string, debitPostingId: string) =>
  settleFromTransit(tx, PAYOUT_ROUTE, transactionId, debitPostingId);

/** The rail gave up: amount and fee back in the wallet. */
export const reversePayoutDebit = (
  tx: Tx,
  payout: { transactionId: string; debitPostingId: string; feeTransactionId: string | null; reason: string },
) => reverseFromTransit(tx, PAYOUT_ROUTE, payout);

/** The bank returned a payout it had settled: amount and fee back in the wallet. */
export const returnSettledPayout = (
  tx: Tx,
  payout: { transactionId: string; debitPostingId: string; feeTransactionId: string | null; reason: string },
) => returnFromSettled(tx, PAYOUT_ROUTE, payout);

export interface RefundDebit {
  userId: string;
  walletId: string;
  currency: Currency;
  amount: number;
  /** The refunded payment's CREDIT transaction: the refund's DEBIT is its child. */
  paymentTransactionId: string;
  description: string;
  beneficiary: string;
}

/**
 * A refund's amount out of the wallet into REFUNDS_IN_TRANSIT (ADR 049): a CARD DEBIT, child of the payment's
 * transaction, CREATED until the card network answers. No fee either way: the card fee is not given back, and what
 * leaves the wallet is exactly the refund.
 */
export const debitForRefund = async (tx: Tx, refund: RefundDebit) => {
  const { paymentTransactionId, ...debit } = refund;
  const { transactionId, debitPostingId } = await debitIntoTransit(tx, REFUND_ROUTE, {
    ...debit,
    channel: 'CARD',
    parentTransactionId: paymentTransactionId,
  });
  return { transactionId, debitPostingId };
};

/** The card network returned the money to the card: out of REFUNDS_IN_TRANSIT into CUSTOMER_FUNDS. */
export const settleRefundDebit = (tx: Tx, transactionId: string, debitPostingId: string) =>
  settleFromTransit(tx, REFUND_ROUTE, transactionId, debitPostingId);

/** The card network could not: the amount back in the wallet. */
export const reverseRefundDebit = (
  tx: Tx,
  refund: { transactionId: string; debitPostingId: string; reason: string },
) => reverseFromTransit(tx, REFUND_ROUTE, refund);
