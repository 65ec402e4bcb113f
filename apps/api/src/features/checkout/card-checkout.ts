import { AppError } from '../../lib/errors.ts';
import type { CardPaymentsProvider, ChargeResult } from '../../providers/payments/payments-provider.ts';
import type { findAbandonedPayments, PaymentRow } from './checkout.repository.ts';
import type { CheckoutContext } from './checkout-context.ts';
import {
  awaitOtp,
  bookPayment,
  failPayment,
  type Outcome,
  type ProviderFollowUp,
  unbookableReason,
  verifyOtp,
} from './checkout-transitions.ts';
import type { StartPaymentInput } from './open-payment.ts';

/*
 * The card flow's talk with the card network (the sandbox's card form, with its code step), between and after the
 * transitions (checkout-transitions.ts): the card charged, the answer acted on, a charge that will not be booked
 * cancelled. A hosted checkout's talk with its acquirer is hosted-checkout.ts's.
 */

const CARD_REQUIRED = 'Card details are required';
/** As the schema would answer a missing card: the card flow needs one (the request schema allows none for HOSTED). */
export const cardRequired = () =>
  new AppError(400, 'VALIDATION_ERROR', CARD_REQUIRED, [{ path: 'card', message: CARD_REQUIRED }]);

/** The card network, for the card flow's calls: a hosted checkout never gets one (its page takes the card). */
export function cardNetwork(context: CheckoutContext): CardPaymentsProvider {
  if (context.provider.flow !== 'card') throw new Error('a card network call on a hosted checkout');
  return context.provider;
}

/**
 * After a transition committed (its event already on its way: the transaction woke the job runner): a payment that
 * will not be booked has its charge cancelled (released, or refunded if it was captured). A failed cancel is logged and retried by the next transition that
 * sees the payment; a real acquirer's uncaptured charges also expire on their own.
 */
export async function followUp(context: CheckoutContext, next: ProviderFollowUp) {
  // A hosted checkout's money is given back by its verification (hosted-checkout.ts), which knows it was paid.
  if (!next?.cancel || context.provider.flow !== 'card') return;
  try {
    await context.provider.cancel(next.cancel);
  } catch (error) {
    context.log.error({ err: error, providerReference: next.cancel }, 'cancelling a card charge failed');
  }
}

/** After a transition: the network told what it decided, the payment as it now stands returned. */
export async function followedUp(context: CheckoutContext, outcome: Outcome | null) {
  await followUp(context, outcome?.next ?? null);
  return outcome;
}

/**
 * Books a payment whose charge is captured (callers hold that answer from the network). When it cannot be booked
 * (the merchant's wallet was closed, or the last units went to someone faster since the payment started) the
 * booking rolled back; the payment fails instead and its charge is refunded.
 */
export async function bookCaptured(context: CheckoutContext, paymentId: string, providerReference?: string) {
  let outcome: Outcome | null;
  try {
    outcome = await bookPayment(context, paymentId, providerReference);
  } catch (error) {
    const reason = unbookableReason(error);
    if (!reason) throw error;
    outcome = await failPayment(context, paymentId, reason, providerReference);
  }
  return followedUp(context, outcome);
}

/** Acts on the network's answer to a charge: book it, wait for the customer's code, or record the decline. */
async function applyCharge(context: CheckoutContext, paymentId: string, result: ChargeResult) {
  if (result.outcome === 'DECLINED') {
    return followedUp(
      context,
      await failPayment(context, paymentId, result.reason, result.providerReference),
    );
  }
  if (result.outcome === 'OTP_REQUIRED') {
    return followedUp(context, await awaitOtp(context.db, paymentId, result.providerReference));
  }
  return bookCaptured(context, paymentId, result.providerReference);
}

/** The card of a payment just opened charged, and the network's answer acted on. */
export async function chargeCard(context: CheckoutContext, payment: PaymentRow, input: StartPaymentInput) {
  if (!input.card) throw cardRequired();
  const result = await cardNetwork(context).charge({
    merchantReference: payment.id,
    amount: payment.customerTotal,
    currency: payment.currency,
    card: input.card,
    brand: payment.cardBrand,
  });
  return applyCharge(context, payment.id, result);
}

/** The issuer took the code and captured the charge: recorded (OTP_VERIFIED), then booked. */
export async function bookAccepted(context: CheckoutContext, paymentId: string) {
  await verifyOtp(context.db, paymentId);
  return bookCaptured(context, paymentId);
}

/** Books a payment the job found OTP_VERIFIED; one that cannot be booked yet is logged and tried next run. */
export async function bookLeftover(context: CheckoutContext, paymentId: string) {
  try {
    await bookCaptured(context, paymentId);
    return true;
  } catch (error) {
    context.log.error({ err: error, paymentId }, 'booking a payment whose code was accepted failed');
    return false;
  }
}

/** Which of these payments waiting for a code the issuer captured all the same (the process died meanwhile). */
export async function capturedWhileWaiting(
  context: CheckoutContext,
  payments: Awaited<ReturnType<typeof findAbandonedPayments>>,
) {
  const captured = new Set<string>();
  if (context.provider.flow !== 'card') return captured;
  for (const { id, providerReference, nextAction } of payments) {
    if (nextAction !== 'OTP' || !providerReference) continue;
    if ((await context.provider.lookup(providerReference)).outcome === 'CAPTURED') captured.add(id);
  }
  return captured;
}
