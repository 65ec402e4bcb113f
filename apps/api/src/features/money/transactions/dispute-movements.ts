import { randomUUID } from 'node:crypto';
import type { Currency } from '@bizdash/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { transactions } from '../../../db/schema/transactions.ts';
import { postTransfer } from '../ledger/ledger.service.ts';
import { insertTransaction } from './transactions.repository.ts';

/*
 * A disputed payment's money (ADR 051): held out of the wallet into DISPUTES_HELD when the dispute opens (a CARD
 * DEBIT, child of the payment's transaction, SUCCESSFUL at once: the money has left the available balance); given
 * back when won (a CARD CREDIT, child of the payment's transaction), or sent to the card network when lost or
 * accepted (out of the platform into CUSTOMER_FUNDS, as a refund's settlement; the DEBIT already shows it). The hold
 * is the one movement that may take a wallet below zero. Keys name the hold's transaction: each step moves once.
 */

interface DisputeHold {
  userId: string;
  walletId: string;
  currency: Currency;
  amount: number;
  /** The disputed payment's CREDIT transaction: the hold's DEBIT and a win's CREDIT are its children. */
  paymentTransactionId: string;
  description: string;
  beneficiary: string;
}

/** The dispute opened: its full amount out of the wallet into DISPUTES_HELD, even below zero (ADR 051). */
export async function holdForDispute(tx: Tx, hold: DisputeHold) {
  const transactionId = randomUUID();
  const { walletId, currency, amount } = hold;
  const { postingId } = await postTransfer(tx, {
    idempotencyKey: `dispute-hold:${transactionId}`,
    kind: 'DISPUTE',
    description: 'Disputed payment held',
    legs: [
      { account: { walletId }, currency, amount: -amount },
      { account: { system: 'DISPUTES_HELD' }, currency, amount },
    ],
  });
  await insertTransaction(tx, {
    id: transactionId,
    userId: hold.userId,
    walletId,
    transactionType: 'DEBIT',
    transactionStatus: 'SUCCESSFUL',
    transactionAmount: amount,
    currencyCode: currency,
    description: hold.description,
    transactionChannel: 'CARD',
    beneficiary: hold.beneficiary,
    parentTransactionId: hold.paymentTransactionId,
    postingId,
  });
  return { transactionId, holdPostingId: postingId };
}

/** The dispute was won: the held amount back into the wallet, as a CREDIT under the payment. */
export async function releaseDisputeHold(tx: Tx, release: DisputeHold & { holdTransactionId: string }) {
  const transactionId = randomUUID();
  const { walletId, currency, amount } = release;
  const { postingId } = await postTransfer(tx, {
    idempotencyKey: `dispute-released:${release.holdTransactionId}`,
    kind: 'DISPUTE',
    description: 'Dispute won: held amount returned',
    legs: [
      { account: { system: 'DISPUTES_HELD' }, currency, amount: -amount },
      { account: { walletId }, currency, amount },
    ],
  });
  await insertTransaction(tx, {
    id: transactionId,
    userId: release.userId,
    walletId,
    transactionType: 'CREDIT',
    transactionStatus: 'SUCCESSFUL',
    transactionAmount: amount,
    currencyCode: currency,
    description: release.description,
    transactionChannel: 'CARD',
    beneficiary: release.beneficiary,
    parentTransactionId: release.paymentTransactionId,
    postingId,
  });
  return { transactionId };
}

/** The dispute was lost or accepted: the held amount leaves the platform for the card network. */
export async function settleDisputeLoss(
  tx: Tx,
  loss: { holdTransactionId: string; currency: Currency; amount: number },
) {
  const { currency, amount } = loss;
  await postTransfer(tx, {
    idempotencyKey: `dispute-lost:${loss.holdTransactionId}`,
    kind: 'DISPUTE',
    description: 'Dispute lost: held amount paid to the card network',
    legs: [
      { account: { system: 'DISPUTES_HELD' }, currency, amount: -amount },
      { account: { system: 'CUSTOMER_FUNDS' }, currency, amount },
    ],
  });
}

/**
 * What has left the wallet against a payment and not come back: its card refunds that did not fail and its dispute
 * holds, less what won disputes gave back (the payment's CARD children). Read after the payment row was locked, so
 * no refund or dispute of the payment is decided meanwhile; what may still be disputed is the payment less this.
 */
export async function sumTakenBackFromPayment(tx: Tx, paymentTransactionId: string) {
  const [row] = await tx
    .select({
      total: sql<string>`coalesce(sum(case when ${transactions.transactionType} = 'DEBIT' then ${transactions.transactionAmount} else -${transactions.transactionAmount} end), 0)`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.parentTransactionId, paymentTransactionId),
        eq(transactions.transactionChannel, 'CARD'),
        ne(transactions.transactionStatus, 'FAILED'),
      ),
    );
  return Number(row?.total ?? 0);
}
