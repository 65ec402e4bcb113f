import type { PaymentEventData, TransactionStatus } from '@bizdash/shared';
import type { Db, Tx } from '../../db/client.ts';
import { type TransactionDeps, withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { AppError } from '../../lib/errors.ts';
import type { ReportedCard } from '../../providers/payments/payments-provider.ts';
import { settleTransaction, settleWithFee } from '../money/index.ts';
import { takeStock } from '../products/index.ts';
import {
  claimPayments,
  finishPayment,
  lockPaymentById,
  type PaymentRow,
  updatePaymentById,
} from './checkout.repository.ts';

/*
 * The checkout state machine. A payment's status is its CREDIT transaction's:
 *
 *   (none) --open--> CREATED --awaitOtp--> CREATED (waiting for the code) --verifyOtp--> OTP_VERIFIED
 *   (none) --open--> CREATED --awaitRedirect--> CREATED (the customer sent to the hosted checkout's page)
 *   CREATED | OTP_VERIFIED --book--> SUCCESSFUL, only once the charge is captured (when it cannot be booked, it
 *     rolls back, fail runs and the charge is refunded)
 *   CREATED | OTP_VERIFIED --fail--> FAILED;  CREATED --failAbandoned--> FAILED;  CREATED --cancel--> FAILED
 *
 * OTP_VERIFIED means the issuer took the code and the charge is captured: such a payment is driven on to be
 * booked (by the next request that sees it, or by the abandoned-payments job), never failed for being slow. A
 * hosted checkout's payment is booked straight from CREATED once the acquirer's verify says it was paid.
 *
 * open makes the payment (open-payment.ts); every other transition is here. Each is one database transaction that
 * locks the payment (and its transaction row) first, so two transitions of one payment never interleave, and a
 * transition on a finished payment changes nothing. None of them talks to the card network: each returns what the
 * network must be told once it committed, and the service (checkout.service.ts, with card-checkout.ts or
 * hosted-checkout.ts) does that.
 */

export const SOLD_OUT_WHILE_PAYING =
  'This product sold out while you were paying. The amount was refunded to your card.';
const MERCHANT_STOPPED_ACCEPTING =
  'This merchant stopped accepting payments while you were paying. The amount was refunded to your card.';
export const CHOSE_ANOTHER_CARD =
  'You chose to pay with another card, so this payment was cancelled. Your card was not charged.';
export const abandonedReason = (minutes: number) =>
  `The payment was not completed within ${minutes} minutes, so it was cancelled. Your card was not charged.`;
/** The issuer had taken the code and captured the charge, but the payment never recorded it (a crash). */
export const abandonedRefundedReason = (minutes: number) =>
  `The payment was not completed within ${minutes} minutes, so it was cancelled. Your card was charged and the payment refunded.`;

/**
 * What must happen once a transition that wrote an event committed: the event delivered, and, when the payment
 * will not be booked, its charge cancelled (the card network gives back whatever it took). Null: nothing changed.
 */
export type ProviderFollowUp = { cancel: string | null } | null;

/** A transition's result: the payment as it now stands, and what the card network must be told. */
export interface Outcome {
  payment: PaymentRow;
  status: TransactionStatus;
  next: ProviderFollowUp;
}

const isFinal = (status: string) => status === 'SUCCESSFUL' || status === 'FAILED';

/**
 * The hosted checkout's page a payment waits on, or null when it waits on none: kept on the payment, so a retry of
 * the start call and the payment's page hand the same address out again.
 */
export const redirectUrlOf = (payment: Pick<PaymentRow, 'nextAction' | 'redirectUrl'>): string | null =>
  payment.nextAction === 'REDIRECT' ? payment.redirectUrl : null;

/** What the merchant's systems hear about a payment (the event's `data`). */
function eventData(
  payment: PaymentRow,
  status: PaymentEventData['status'],
  failureReason: string | null,
): PaymentEventData {
  return {
    paymentId: payment.id,
    reference: payment.reference,
    transactionId: payment.transactionId,
    productId: payment.productId,
    quantity: payment.quantity,
    currency: payment.currency,
    amount: payment.customerTotal,
    fee: payment.fee,
    merchantNet: payment.merchantNet,
    feeBearer: payment.feeBearer,
    status,
    failureReason,
    customer: { name: payment.customerName, email: payment.customerEmail },
    card: payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
  };
}

/** Inside a transition: the payment FAILED, nothing posted, the event written beside it. */
async function failLocked(tx: Tx, payment: PaymentRow, reason: string, providerReference: string | null) {
  await settleTransaction(tx, payment.transactionId, 'FAILED', 'CUSTOMER_FUNDS', reason);
  const failed = await finishPayment(tx, payment, {
    providerReference,
    feeTransactionId: null,
    failureReason: reason,
    completedAt: new Date(),
  });
  await emitEvent(tx, {
    userId: payment.userId,
    type: 'payment.failed',
    data: eventData(payment, 'FAILED', reason),
  });
  return failed;
}

/**
 * awaitOtp: the card network wants the customer's code; the payment stays CREATED and says so. A payment that
 * finished meanwhile (abandoned while the card was asked) is left as it is, and its new charge is cancelled.
 */
export function awaitOtp(db: Db, paymentId: string, providerReference: string): Promise<Outcome | null> {
  return db.transaction(async (tx) => {
    const locked = await lockPaymentById(tx, paymentId);
    if (!locked) return null;
    const { payment, status } = locked;
    if (isFinal(status)) return { payment, status, next: { cancel: providerReference } };
    const waiting = await updatePaymentById(tx, paymentId, { providerReference, nextAction: 'OTP' });
    return { payment: waiting ?? payment, status, next: null };
  });
}

/**
 * awaitRedirect: the hosted checkout opened its page for the payment; the payment stays CREATED and names the page
 * (and the acquirer's reference). A payment that finished meanwhile is left as it is: nobody was sent to the page.
 */
export function awaitRedirect(
  db: Db,
  paymentId: string,
  providerReference: string,
  redirectUrl: string,
): Promise<Outcome | null> {
  return db.transaction(async (tx) => {
    const locked = await lockPaymentById(tx, paymentId);
    if (!locked) return null;
    const { payment, status } = locked;
    if (status !== 'CREATED') return { payment, status, next: null };
    const waiting = await updatePaymentById(tx, paymentId, {
      providerReference,
      nextAction: 'REDIRECT',
      redirectUrl,
    });
    return { payment: waiting ?? payment, status, next: null };
  });
}

/** The card a hosted checkout reported, kept on the locked payment (brand and last four only). */
async function recordCard(tx: Tx, payment: PaymentRow, card: ReportedCard | null | undefined) {
  if (!card || payment.cardLast4 === card.last4) return payment;
  return (
    (await updatePaymentById(tx, payment.id, { cardBrand: card.brand, cardLast4: card.last4 })) ?? payment
  );
}

/** verifyOtp: the issuer accepted the code; OTP_VERIFIED until the payment is booked. */
export async function verifyOtp(db: Db, paymentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockPaymentById(tx, paymentId);
    if (locked?.status !== 'CREATED') return;
    await settleTransaction(tx, locked.payment.transactionId, 'OTP_VERIFIED', 'CUSTOMER_FUNDS');
    await updatePaymentById(tx, paymentId, { nextAction: null });
  });
}

/** Thrown inside the booking transaction when the last units went to someone faster: it rolls back. */
class SoldOutWhilePaying extends Error {}

/**
 * Why a captured payment could not be booked (its booking rolled back): the last units went to someone faster, or
 * the merchant's wallet was closed. Null: the error is something else, and is thrown on.
 */
export function unbookableReason(error: unknown): string | null {
  if (error instanceof SoldOutWhilePaying) return SOLD_OUT_WHILE_PAYING;
  if (error instanceof AppError && error.code === 'WALLET_NOT_AVAILABLE') return MERCHANT_STOPPED_ACCEPTING;
  return null;
}

/**
 * book: a payment whose charge was captured becomes SUCCESSFUL (never one whose charge was not: the service calls
 * this only with a captured charge): the credit and its fee (a child DEBIT to fees earned) posted at once, the
 * payment finished, the event written, then the stock taken, last, because the product row is the hottest one
 * (when it ran out, SoldOutWhilePaying rolls the booking back and the payment is failed instead). A payment
 * already booked is left as it is; one that failed meanwhile keeps its failure and its charge is cancelled.
 * `providerReference`: the charge just captured, recorded in the same transaction; `card`: the card a hosted
 * checkout reported paying with.
 */
export function bookPayment(
  deps: TransactionDeps,
  paymentId: string,
  providerReference?: string,
  card?: ReportedCard | null,
): Promise<Outcome | null> {
  return withTransaction(deps, async (tx) => {
    const locked = await lockPaymentById(tx, paymentId);
    if (!locked) return null;
    const { status } = locked;
    const reference = providerReference ?? locked.payment.providerReference;
    if (status === 'SUCCESSFUL') return { payment: locked.payment, status, next: null };
    if (status === 'FAILED') return { payment: locked.payment, status, next: { cancel: reference } };
    const payment = await recordCard(tx, locked.payment, card);
    const fee =
      payment.fee > 0
        ? {
            amount: payment.fee,
            description: `Card fee: ${payment.reference}`,
            counterparty: 'FEES_EARNED' as const,
          }
        : null;
    const { feeTransactionId } = await settleWithFee(tx, locked.transaction, 'CUSTOMER_FUNDS', fee);
    const booked = await finishPayment(tx, payment, {
      providerReference: reference,
      feeTransactionId,
      failureReason: null,
      completedAt: new Date(),
    });
    await emitEvent(tx, {
      userId: payment.userId,
      type: 'payment.succeeded',
      data: eventData(payment, 'SUCCESSFUL', null),
    });
    if (!(await takeStock(tx, payment.productId, payment.quantity))) throw new SoldOutWhilePaying();
    return {
      payment: booked,
      status: 'SUCCESSFUL',
      next: { cancel: null },
    };
  });
}

/** fail: the payment FAILED with a reason the customer reads; nothing posted, its charge (if any) cancelled. */
export function failPayment(
  deps: TransactionDeps,
  paymentId: string,
  reason: string,
  providerReference?: string | null,
  card?: ReportedCard | null,
): Promise<Outcome | null> {
  return withTransaction(deps, async (tx) => {
    const locked = await lockPaymentById(tx, paymentId);
    if (!locked) return null;
    const { status } = locked;
    if (isFinal(status)) return { payment: locked.payment, status, next: null };
    const payment = await recordCard(tx, locked.payment, card);
    const reference = providerReference ?? payment.providerReference;
    const failed = await failLocked(tx, payment, reason, reference);
    return { payment: failed, status: 'FAILED', next: { cancel: reference } };
  });
}

/**
 * cancel: the customer left the code step for another card. Only a payment still waiting (CREATED) fails; one
 * whose code was accepted meanwhile (OTP_VERIFIED: its charge is captured) goes on to be booked, and a finished
 * one stays as it is.
 */
export function cancelPayment(deps: TransactionDeps, paymentId: string): Promise<Outcome | null> {
  return withTransaction(deps, async (tx) => {
    const locked = await lockPaymentById(tx, paymentId);
    if (!locked) return null;
    const { payment, status } = locked;
    if (status !== 'CREATED') return { payment, status, next: null };
    const failed = await failLocked(tx, payment, CHOSE_ANOTHER_CARD, payment.providerReference);
    return { payment: failed, status: 'FAILED', next: { cancel: payment.providerReference } };
  });
}

/**
 * failAbandoned: of the payments the job found past the cut-off, those still in CREATED become FAILED, one batch
 * in one transaction, each with the reason `reasonFor` gives it (the job asked the network whether its charge was
 * captured). Those found OTP_VERIFIED (the code was accepted and the charge captured, then the booking was cut
 * off) are not failed but handed back to be booked. Several processes can run it at once: claimed rows are
 * skipped by the others.
 */
export function failAbandonedBatch(
  deps: TransactionDeps,
  paymentIds: string[],
  reasonFor: (paymentId: string) => string,
) {
  return withTransaction(deps, async (tx) => {
    const claimed = await claimPayments(tx, paymentIds);
    const cancels: ProviderFollowUp[] = [];
    const toBook: string[] = [];
    for (const { id } of claimed) {
      const locked = await lockPaymentById(tx, id);
      if (!locked || isFinal(locked.status)) continue;
      if (locked.status === 'OTP_VERIFIED') {
        toBook.push(id);
        continue;
      }
      await failLocked(tx, locked.payment, reasonFor(id), locked.payment.providerReference);
      cancels.push({ cancel: locked.payment.providerReference });
    }
    return { cancels, toBook };
  });
}
