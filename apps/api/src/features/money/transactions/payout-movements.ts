import { randomUUID } from 'node:crypto';
import type { Currency } from '@bizdash/shared';
import type { Tx } from '../../../db/client.ts';
import {
  LedgerRuleError,
  postTransfer,
  postTransfersInBulk,
  reversePosting,
} from '../ledger/ledger.service.ts';
import type { TransferRequest } from '../ledger/ledger.types.ts';
import { childIdBelow } from './transaction-cursor.ts';
import {
  insertTransaction,
  lockTransactionById,
  updateTransactionStatusById,
} from './transactions.repository.ts';
import { reverseTransaction } from './transactions.service.ts';

export interface PayoutDebit {
  userId: string;
  walletId: string;
  currency: Currency;
  amount: number;
  fee: number;
  description: string;
  beneficiary: string;
}

const inTransit = (transactionId: string, walletId: string, currency: Currency, amount: number) =>
  ({
    idempotencyKey: `payout-debit:${transactionId}`,
    kind: 'PAYOUT',
    description: 'Payout sent to the bank',
    legs: [
      { account: { walletId }, currency, amount: -amount },
      { account: { system: 'PAYOUTS_IN_TRANSIT' }, currency, amount },
    ],
  }) satisfies TransferRequest;

/**
 * Takes a payout's amount and fee out of the wallet in the caller's transaction: the amount into PAYOUTS_IN_TRANSIT
 * (the DEBIT transaction stays CREATED, not yet posted as its own, until the rail answers), the fee to FEES_EARNED as
 * a SUCCESSFUL child. The wallet is checked once for both: never below zero, and only an ACTIVE wallet spends.
 */
export async function debitForPayout(tx: Tx, payout: PayoutDebit) {
  const transactionId = randomUUID();
  const debitPostingId = randomUUID();
  const feeTransactionId = payout.fee > 0 ? childIdBelow(transactionId) : null;
  const feePostingId = randomUUID();
  const { walletId, currency } = payout;
  const postings: (TransferRequest & { postingId: string })[] = [
    { ...inTransit(transactionId, walletId, currency, payout.amount), postingId: debitPostingId },
  ];
  if (feeTransactionId) {
    postings.push({
      postingId: feePostingId,
      idempotencyKey: `transaction:${feeTransactionId}`,
      kind: 'FEE',
      description: 'Payout fee',
      legs: [
        { account: { walletId }, currency, amount: -payout.fee },
        { account: { system: 'FEES_EARNED' }, currency, amount: payout.fee },
      ],
    });
  }
  await postTransfersInBulk(tx, postings, 'PAYOUT');
  await insertTransaction(tx, {
    id: transactionId,
    userId: payout.userId,
    walletId,
    transactionType: 'DEBIT',
    transactionStatus: 'CREATED',
    transactionAmount: payout.amount,
    currencyCode: currency,
    description: payout.description,
    transactionChannel: 'BANK_TRANSFER',
    beneficiary: payout.beneficiary,
  });
  if (feeTransactionId) {
    await insertTransaction(tx, {
      id: feeTransactionId,
      userId: payout.userId,
      walletId,
      transactionType: 'DEBIT',
      transactionStatus: 'SUCCESSFUL',
      transactionAmount: payout.fee,
      currencyCode: currency,
      description: 'Payout fee',
      transactionChannel: 'FEE',
      parentTransactionId: transactionId,
      postingId: feePostingId,
    });
  }
  return { transactionId, feeTransactionId, debitPostingId };
}

/**
 * The rail paid the bank: the money leaves PAYOUTS_IN_TRANSIT for the house's bank position (CUSTOMER_FUNDS, the
 * account card payments come in through) and the DEBIT is SUCCESSFUL, posted as the wallet's debit. Settling twice
 * is a no-op.
 */
export async function settlePayoutDebit(tx: Tx, transactionId: string, debitPostingId: string) {
  const row = await lockTransactionById(tx, transactionId);
  if (!row) throw new LedgerRuleError(`payout transaction ${transactionId} does not exist`);
  if (row.transactionStatus === 'SUCCESSFUL' || row.transactionStatus === 'FAILED') return row;
  const { currencyCode: currency, transactionAmount: amount } = row;
  await postTransfer(tx, {
    idempotencyKey: `payout-settled:${transactionId}`,
    kind: 'PAYOUT',
    description: 'Payout settled by the bank',
    legs: [
      { account: { system: 'PAYOUTS_IN_TRANSIT' }, currency, amount: -amount },
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
 * The rail gave up: the amount comes back from PAYOUTS_IN_TRANSIT by reversing the debit posting (once: a posting is
 * reversed at most once), the DEBIT is FAILED, and the fee is refunded with a reversal of its own. A second call is
 * a no-op.
 */
export async function reversePayoutDebit(
  tx: Tx,
  payout: { transactionId: string; debitPostingId: string; feeTransactionId: string | null; reason: string },
) {
  const row = await lockTransactionById(tx, payout.transactionId);
  if (!row) throw new LedgerRuleError(`payout transaction ${payout.transactionId} does not exist`);
  if (row.transactionStatus === 'SUCCESSFUL' || row.transactionStatus === 'FAILED') return row;
  await reversePosting(tx, payout.debitPostingId, `Payout returned: ${payout.reason}`);
  if (payout.feeTransactionId) {
    await reverseTransaction(tx, payout.feeTransactionId, 'Payout fee refunded');
  }
  return updateTransactionStatusById(tx, payout.transactionId, {
    transactionStatus: 'FAILED',
    failureReason: payout.reason,
  });
}
