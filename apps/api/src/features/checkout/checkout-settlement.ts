import type { Currency } from '@bizdash/shared';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueEvent } from '../outbox/outbox.repository.ts';
import { takeStock } from '../products/products.repository.ts';
import { recordTransaction, settleTransaction } from '../transactions/transactions.service.ts';
import {
  claimAbandonedPayments,
  findPaymentView,
  lockPayment,
  type PaymentRow,
  updatePayment,
} from './checkout.repository.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { receiptEmail } from './checkout-receipt.ts';

export const MERCHANT_CANNOT_ACCEPT =
  'This merchant cannot accept payments right now. Your card was not charged.';
export const SOLD_OUT_WHILE_PAYING =
  'This product sold out while you were paying. Your card was not charged.';
export const abandonedReason = (minutes: number) =>
  `The payment was not completed within ${minutes} minutes, so it was cancelled. Your card was not charged.`;

const isFinal = (status: string) => status === 'SUCCESSFUL' || status === 'FAILED';

/** What the merchant's systems hear about a payment (webhook payload `data`). */
function eventData(payment: PaymentRow, status: 'SUCCESSFUL' | 'FAILED', failureReason: string | null) {
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
    card: { brand: payment.cardBrand, last4: payment.cardLast4 },
  };
}

/** Inside the caller's transaction: the payment FAILED, nothing posted, the event written beside it. */
async function failInTx(tx: Tx, payment: PaymentRow, reason: string) {
  await settleTransaction(tx, payment.transactionId, 'FAILED', 'CUSTOMER_FUNDS');
  await updatePayment(tx, payment.id, { failureReason: reason, completedAt: new Date(), nextAction: null });
  await enqueueEvent(tx, {
    userId: payment.userId,
    type: 'payment.failed',
    data: eventData(payment, 'FAILED', reason),
  });
}

/** A hold the payment no longer needs is let go; a failure to do so is logged, the hold expires on its own. */
export async function releaseHold(context: CheckoutContext, providerReference: string | null) {
  if (!providerReference) return;
  try {
    await context.provider.release(providerReference);
  } catch (error) {
    context.log.error({ err: error, providerReference }, 'releasing a card hold failed');
  }
}

/**
 * Books an authorized payment in one database transaction: stock taken (or the payment fails when it ran
 * out), the credit posted, the fee moved to fees earned as a child transaction, the event written. A payment
 * already finished is left as it is, so a retry or a second worker changes nothing.
 */
export async function completePayment(context: CheckoutContext, paymentId: string) {
  let outcome: Awaited<ReturnType<typeof bookPayment>>;
  try {
    outcome = await bookPayment(context, paymentId);
  } catch (error) {
    // The merchant's wallet was closed after the payment started: the sale cannot be booked.
    if (!(error instanceof AppError && error.code === 'WALLET_NOT_AVAILABLE')) throw error;
    return failPayment(context, paymentId, MERCHANT_CANNOT_ACCEPT);
  }
  if (outcome?.action === 'RELEASE') await releaseHold(context, outcome.providerReference);
  if (outcome?.action === 'CAPTURE') {
    if (outcome.providerReference) await context.provider.capture(outcome.providerReference);
    await deliverReceipt(context, outcome.receiptId);
  }
}

async function queueReceipt(context: CheckoutContext, tx: Tx, payment: PaymentRow) {
  const order = await findPaymentView(tx, payment.id);
  if (!order) throw new Error(`payment ${payment.id} vanished while it was booked`);
  return context.email.queue(tx, receiptEmail(payment, { ...order, paidAt: new Date() }));
}

/** The sale stands whether or not the receipt goes out; a failed one stays in the email outbox as failed. */
async function deliverReceipt(context: CheckoutContext, emailId: string) {
  try {
    await context.email.deliver(emailId);
  } catch (error) {
    context.log.error({ err: error, emailId }, 'sending a payment receipt failed');
  }
}

function bookPayment(context: CheckoutContext, paymentId: string) {
  return context.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked || locked.status === 'SUCCESSFUL') return null;
    const { payment, walletId } = locked;
    // Failed meanwhile (abandoned while the card was being asked): the hold it just got must go.
    if (locked.status === 'FAILED') {
      return { action: 'RELEASE' as const, providerReference: payment.providerReference };
    }
    if (!(await takeStock(tx, payment.productId, payment.quantity))) {
      await failInTx(tx, payment, SOLD_OUT_WHILE_PAYING);
      return { action: 'RELEASE' as const, providerReference: payment.providerReference };
    }
    await settleTransaction(tx, payment.transactionId, 'SUCCESSFUL', 'CUSTOMER_FUNDS');
    const feeTransaction =
      payment.fee > 0
        ? await recordTransaction(tx, {
            userId: payment.userId,
            walletId,
            type: 'DEBIT',
            status: 'SUCCESSFUL',
            amount: payment.fee,
            currency: payment.currency as Currency,
            description: `Card fee: ${payment.reference}`,
            channel: 'FEE',
            counterparty: 'FEES_EARNED',
            orderReference: payment.reference,
            parentTransactionId: payment.transactionId,
          })
        : null;
    await updatePayment(tx, payment.id, {
      feeTransactionId: feeTransaction?.id ?? null,
      completedAt: new Date(),
      nextAction: null,
    });
    await enqueueEvent(tx, {
      userId: payment.userId,
      type: 'payment.succeeded',
      data: eventData(payment, 'SUCCESSFUL', null),
    });
    const receiptId = await queueReceipt(context, tx, payment);
    return { action: 'CAPTURE' as const, providerReference: payment.providerReference, receiptId };
  });
}

/** The issuer accepted the customer's code: the payment is OTP_VERIFIED until it is booked. */
export async function markOtpVerified(context: CheckoutContext, paymentId: string) {
  await context.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (locked?.status !== 'CREATED') return;
    await settleTransaction(tx, locked.payment.transactionId, 'OTP_VERIFIED', 'CUSTOMER_FUNDS');
    await updatePayment(tx, paymentId, { nextAction: null });
  });
}

/** The payment FAILED with a reason the customer reads; nothing is posted and the card hold is released. */
export async function failPayment(context: CheckoutContext, paymentId: string, reason: string) {
  const failed = await context.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked || isFinal(locked.status)) return null;
    await failInTx(tx, locked.payment, reason);
    return locked.payment;
  });
  if (failed) await releaseHold(context, failed.providerReference);
}

/**
 * Payments left in CREATED or OTP_VERIFIED longer than the limit become FAILED, a batch per database
 * transaction. Several processes can run this at once: claimed rows are skipped by the others.
 */
export async function failAbandonedPayments(context: CheckoutContext, now = new Date(), batchSize = 100) {
  const cutoff = new Date(now.getTime() - context.abandonAfterMinutes * 60_000);
  let total = 0;
  for (;;) {
    const abandoned = await context.db.transaction(async (tx) => {
      const claimed = await claimAbandonedPayments(tx, cutoff, batchSize);
      const failed: PaymentRow[] = [];
      for (const { id } of claimed) {
        const locked = await lockPayment(tx, id);
        if (!locked || isFinal(locked.status)) continue;
        await failInTx(tx, locked.payment, abandonedReason(context.abandonAfterMinutes));
        failed.push(locked.payment);
      }
      return { claimed: claimed.length, failed };
    });
    for (const payment of abandoned.failed) await releaseHold(context, payment.providerReference);
    total += abandoned.failed.length;
    if (abandoned.claimed < batchSize) return total;
  }
}
