import {
  type CreateRefundRequestSchema,
  DISPUTE_MESSAGES,
  formatMoney,
  pageOf,
  REFUND_MESSAGES,
  type Refund,
  type RefundListQuery,
} from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/postgres-errors.ts';
import { IDEMPOTENCY_MISMATCH } from '../../plugins/idempotency.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { lockOwnedPaymentByTransaction } from '../checkout/index.ts';
import { hasOpenDispute, sumDisputedByPayment } from '../disputes/index.ts';
import { debitForRefund, findOwnedTransaction, lockOwnedWallet } from '../money/index.ts';
import { refundEventData, toRefund } from './refund-view.ts';
import {
  findOwnedRefund,
  findOwnedRefundByKey,
  insertRefund,
  listRefunds,
  type RefundRow,
  sumRefundedByPayment,
} from './refunds.repository.ts';
import { askNetworkNow } from './refunds-network.job.ts';

export type RefundDeps = Pick<AppDeps, 'database' | 'jobs' | 'payments'> & { log?: FastifyBaseLogger };
type RefundInput = z.output<typeof CreateRefundRequestSchema>;

/**
 * Gives part or all of a successful card payment back to the customer's card (issue 22 §1, ADR 049): the wallet
 * pays the amount at once into REFUNDS_IN_TRANSIT and the card network is asked; the refunds job records its answer.
 */
export async function createRefund(
  deps: RefundDeps,
  actor: Actor,
  input: RefundInput,
  audit: BusinessAuditContext,
  idempotencyKey?: string,
): Promise<Refund> {
  if (!idempotencyKey) return createNewRefund(deps, actor, input, audit, null);
  const earlier = await madeWithKey(deps, actor, input, idempotencyKey);
  if (earlier) return earlier;
  try {
    return await createNewRefund(deps, actor, input, audit, idempotencyKey);
  } catch (error) {
    // The same key twice at once: the second insert meets the first's row, which is the answer.
    const raced = isUniqueViolation(error) ? await madeWithKey(deps, actor, input, idempotencyKey) : null;
    if (raced) return raced;
    throw error;
  }
}

/** The refund already made with this key (the request store may have lost it): the same request gets it back. */
async function madeWithKey(deps: RefundDeps, actor: Actor, input: RefundInput, key: string) {
  const found = await findOwnedRefundByKey(deps.database.db, actor.actingUserId, key);
  if (!found) return null;
  const same =
    found.paymentTransactionId === input.transactionId &&
    found.reason === input.reason &&
    (input.amount === undefined || input.amount === found.amount);
  if (!same) throw conflict(IDEMPOTENCY_MISMATCH, 'IDEMPOTENCY_MISMATCH');
  return toRefund(found);
}

/** 404 for what is not the acting user's; 409 with a sentence for a transaction of its own that is not refundable. */
async function notRefundable(tx: Tx, actor: Actor, transactionId: string) {
  const transaction = await findOwnedTransaction(tx, actor.ownerId, transactionId);
  if (transaction?.userId === actor.actingUserId)
    return conflict(REFUND_MESSAGES.notACardPayment, 'NOT_A_CARD_PAYMENT');
  return notFound(REFUND_MESSAGES.paymentNotFound);
}

async function createNewRefund(
  deps: RefundDeps,
  actor: Actor,
  input: RefundInput,
  audit: BusinessAuditContext,
  idempotencyKey: string | null,
) {
  const userId = actor.actingUserId;
  const made = await withTransaction(deps, async (tx) => {
    // The payment row first, FOR UPDATE: the refunds of one payment are decided one at a time, each against what
    // the others left; then the wallet, as a payment's settlement takes them.
    const found = await lockOwnedPaymentByTransaction(tx, userId, input.transactionId);
    if (!found) throw await notRefundable(tx, actor, input.transactionId);
    if (found.status !== 'SUCCESSFUL')
      throw conflict(REFUND_MESSAGES.notSuccessful, 'PAYMENT_NOT_SUCCESSFUL');
    const { payment } = found;
    const currency = payment.currency;
    // Under the same payment lock a dispute opening takes (ADR 051): an open dispute holds the money in question.
    if (await hasOpenDispute(tx, payment.id))
      throw conflict(DISPUTE_MESSAGES.paymentDisputed, 'PAYMENT_DISPUTED');
    const disputed = await sumDisputedByPayment(tx, payment.id);
    const refundable = payment.customerTotal - (await sumRefundedByPayment(tx, payment.id)) - disputed;
    if (refundable <= 0) {
      // Nothing left either way; the sentence says where the money went.
      const sentence = disputed > 0 ? DISPUTE_MESSAGES.chargedBack : REFUND_MESSAGES.fullyRefunded;
      throw conflict(sentence, 'FULLY_REFUNDED');
    }
    const amount = input.amount ?? refundable;
    if (amount > refundable) {
      throw conflict(
        `At most ${formatMoney(refundable, currency)} of this payment can still be refunded.`,
        'AMOUNT_OVER_REFUNDABLE',
      );
    }
    if (input.restock && amount !== refundable) {
      throw badRequest(REFUND_MESSAGES.restockNeedsFullRefund, 'RESTOCK_NEEDS_FULL_REFUND');
    }
    const wallet = await lockOwnedWallet(tx, userId, found.walletId);
    if (!wallet) throw new Error(`payment ${payment.id}: its wallet is gone`);
    if (wallet.balance < amount) throw insufficientBalance(wallet.balance, amount, currency);
    const debit = await debitForRefund(tx, {
      userId,
      walletId: wallet.id,
      currency,
      amount,
      paymentTransactionId: payment.transactionId,
      description: `Refund: ${found.productName}`,
      beneficiary: payment.customerName,
    });
    const row = await insertRefund(tx, {
      userId,
      paymentId: payment.id,
      paymentTransactionId: payment.transactionId,
      walletId: wallet.id,
      currency,
      amount,
      reason: input.reason,
      merchantNote: input.merchantNote,
      customerNote: input.customerNote,
      restock: input.restock,
      status: 'PENDING',
      transactionId: debit.transactionId,
      debitPostingId: debit.debitPostingId,
      nextCheckAt: new Date(),
      idempotencyKey,
    });
    await emitEvent(tx, { userId, type: 'refund.created', data: refundEventData(row, payment) });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'refund.created',
      target: { type: 'refund', id: row.id },
      details: {
        userId,
        paymentTransactionId: payment.transactionId,
        amount,
        currency,
        reason: input.reason,
        restock: input.restock,
        fullRefund: amount === refundable,
      },
    });
    return row;
  });
  await askNetworkNow(deps, made.id);
  return toRefund((await findOwnedRefund(deps.database.db, userId, made.id)) ?? made);
}

function insufficientBalance(balance: number, amount: number, currency: RefundRow['currency']) {
  return new AppError(
    409,
    'INSUFFICIENT_BALANCE',
    `${REFUND_MESSAGES.insufficientBalance} It holds ${formatMoney(balance, currency)}; this refund needs ${formatMoney(amount, currency)}.`,
  );
}

export async function getRefund(deps: RefundDeps, actor: Actor, refundId: string) {
  const row = await findOwnedRefund(deps.database.db, actor.actingUserId, refundId);
  if (!row) throw notFound(REFUND_MESSAGES.refundNotFound);
  return toRefund(row);
}

export async function listOwnRefunds(deps: RefundDeps, actor: Actor, query: RefundListQuery) {
  const { rows, total } = await listRefunds(deps.database.db, actor.actingUserId, query, query);
  return pageOf(rows.map(toRefund), query, total);
}
