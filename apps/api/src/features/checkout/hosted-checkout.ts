import { atMostEvery } from '../../lib/at-most-every.ts';
import { AppError } from '../../lib/errors.ts';
import type {
  HostedPaymentsProvider,
  HostedVerification,
  ReportedCard,
} from '../../providers/payments/payments-provider.ts';
import { findPaymentByReference, type PaymentRow } from './checkout.repository.ts';
import type { CheckoutContext } from './checkout-context.ts';
import {
  awaitRedirect,
  bookPayment,
  failPayment,
  type Outcome,
  unbookableReason,
} from './checkout-transitions.ts';

/*
 * A hosted checkout (PAYMENTS_PROVIDER=paystack): the acquirer's own page takes the card, so no card number
 * touches our server. The start call opens the payment as a card payment does, then asks the acquirer to open its
 * page (initialize) and answers REDIRECT with the page's address. The customer pays there and is sent back to the
 * payment's page, whose polling, like the acquirer's webhook, leads to one verification: the payment is booked
 * only when the acquirer's verify (never a notice's own words) says it was paid, with our amount, currency and
 * reference; a payment paid but not booked (it failed meanwhile, the stock ran out, the amounts differ) is given
 * back in full. No call to the acquirer is made while a payment row is locked: verify, then a transition.
 */

const NOT_STARTED =
  'The card payment service did not answer in time, so this payment was not started. Your card was not charged. Please try again.';
const TERMS_DIFFER =
  'The payment service reported a different amount or currency than this order, so the payment was not accepted. Whatever was taken is being refunded to your card.';

/** The start call's answer when the acquirer did not answer: the payment it opened is already FAILED. */
const PROVIDER_UNAVAILABLE = new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', NOT_STARTED);

type HostedPayment = Pick<PaymentRow, 'id' | 'reference' | 'customerTotal' | 'currency'>;

function hostedOf(context: CheckoutContext): HostedPaymentsProvider {
  if (context.provider.flow !== 'hosted') throw new Error('a hosted checkout call on a card network');
  return context.provider;
}

/**
 * Where the acquirer's page sends the customer back: the payment's own page (the web app's
 * /pay/{productId}/payments/{paymentId}), under PUBLIC_URL, never a request's Host.
 */
const returnUrlOf = (context: CheckoutContext, payment: Pick<PaymentRow, 'id' | 'productId'>) =>
  `${context.publicUrl}/pay/${payment.productId}/payments/${payment.id}`;

/**
 * Opens the acquirer's page for a payment just opened (committed first): REDIRECT recorded on it, or FAILED when the
 * acquirer refuses. When the acquirer does not answer, the payment fails at once and the caller gets a 502: the
 * page's address never reached anyone, so nothing can be paid on whatever the acquirer may have opened (and a
 * payment of it would be given back by its verification).
 */
export async function startHostedPayment(context: CheckoutContext, payment: PaymentRow) {
  const hosted = hostedOf(context);
  let start: Awaited<ReturnType<HostedPaymentsProvider['initialize']>>;
  try {
    start = await hosted.initialize({
      reference: payment.reference,
      amount: payment.customerTotal,
      currency: payment.currency,
      email: payment.customerEmail,
      returnUrl: returnUrlOf(context, payment),
      metadata: { paymentId: payment.id, productId: payment.productId },
    });
  } catch (error) {
    context.log.warn(
      { err: error, paymentId: payment.id },
      'the hosted checkout did not answer; the payment fails unstarted',
    );
    await failPayment(context, payment.id, NOT_STARTED);
    throw PROVIDER_UNAVAILABLE;
  }
  if (start.outcome === 'REFUSED') return failPayment(context, payment.id, start.reason);
  return awaitRedirect(context.db, payment.id, payment.reference, start.redirectUrl);
}

const matchesOrder = (payment: HostedPayment, paid: Extract<HostedVerification, { state: 'PAID' }>) =>
  paid.reference === payment.reference &&
  paid.amount === payment.customerTotal &&
  paid.currency.toUpperCase() === payment.currency;

/** A transaction paid at the acquirer that will not be booked: refunded in full. Logged when it cannot be (yet). */
async function giveBack(context: CheckoutContext, payment: HostedPayment) {
  try {
    await hostedOf(context).giveBack(payment.reference);
    context.log.info({ paymentId: payment.id }, 'a hosted payment paid but not booked was refunded');
  } catch (error) {
    // A replayed notice asks again for a refund the acquirer already made, which it refuses: nothing is lost.
    context.log.warn(
      { err: error, paymentId: payment.id },
      'refunding a hosted payment paid but not booked failed',
    );
  }
}

/** Books a verified payment; one that cannot be booked (sold out, wallet closed) fails instead. */
async function book(context: CheckoutContext, payment: HostedPayment, card: ReportedCard | null) {
  try {
    return await bookPayment(context, payment.id, payment.reference, card);
  } catch (error) {
    const reason = unbookableReason(error);
    if (!reason) throw error;
    return failPayment(context, payment.id, reason, payment.reference, card);
  }
}

/**
 * Acts on the acquirer's verify: PAID with our terms is booked (once: the transition locks the payment, and a
 * booked one stays as it is), PAID with other terms is not, FAILED fails the payment, OPEN and UNKNOWN change
 * nothing. Whatever was paid but ends FAILED is given back.
 */
async function settleVerified(
  context: CheckoutContext,
  payment: HostedPayment,
  verification: HostedVerification,
): Promise<Outcome | null> {
  if (verification.state === 'OPEN' || verification.state === 'UNKNOWN') return null;
  if (verification.state === 'FAILED') {
    return failPayment(context, payment.id, verification.reason, payment.reference, verification.card);
  }
  let outcome: Outcome | null;
  if (matchesOrder(payment, verification)) {
    outcome = await book(context, payment, verification.card);
  } else {
    context.log.error(
      {
        paymentId: payment.id,
        expected: { reference: payment.reference, amount: payment.customerTotal, currency: payment.currency },
        paid: {
          reference: verification.reference,
          amount: verification.amount,
          currency: verification.currency,
        },
      },
      'a hosted payment was paid on other terms than its order: not booked',
    );
    outcome = await failPayment(context, payment.id, TERMS_DIFFER, payment.reference, verification.card);
  }
  if (outcome?.status === 'FAILED') await giveBack(context, payment);
  return outcome;
}

/** Verifies a payment with the acquirer (no lock held) and acts on the answer; throws when it does not answer. */
async function verifyAndSettle(context: CheckoutContext, payment: HostedPayment) {
  const verification = await hostedOf(context).verify(payment.reference);
  return settleVerified(context, payment, verification);
}

/** An open payment's page polls; anyone may ask for it: the acquirer is asked about it at most this often. */
const VERIFY_EVERY_MS = 2_000;
const verifyDue = atMostEvery(VERIFY_EVERY_MS);

/**
 * The payment's page asks how its open payment stands: verified now, unless it was moments ago (then shown as it
 * stands, like when the acquirer does not answer: the next look asks again).
 */
export async function verifyOpenPayment(context: CheckoutContext, payment: HostedPayment) {
  if (!verifyDue(payment.id, Date.now())) return null;
  try {
    return await verifyAndSettle(context, payment);
  } catch (error) {
    context.log.warn(
      { err: error, paymentId: payment.id },
      'verifying a hosted payment failed; asking later',
    );
    return null;
  }
}

/**
 * The acquirer said a payment was paid (Paystack's charge.success webhook): the payment named by the reference is
 * verified with the acquirer and settled exactly as the payment's page would (a booked one is left as it is; a
 * failed one that was paid all the same is given back). Returns false when the reference is none of this
 * acquirer's payments. Throws when the acquirer does not answer, so the notice is sent again.
 */
export async function verifyHostedPayment(context: CheckoutContext, reference: string): Promise<boolean> {
  if (context.provider.flow !== 'hosted') return false;
  const found = await findPaymentByReference(context.db, reference);
  if (!found || found.payment.provider !== context.provider.name) return false;
  if (found.status === 'SUCCESSFUL') return true;
  await verifyAndSettle(context, found.payment);
  return true;
}

type AbandonedCandidate = HostedPayment & { provider: string };

/**
 * Before the abandoned-payments job fails open payments of a hosted checkout, each is verified (no lock held):
 * those the acquirer says were paid or failed are settled by that answer now; those it did not answer for are
 * left for the next run (never failed on no answer). Returns the ids the job must leave alone; the rest (still
 * open at the acquirer, or unknown to it) are failed as abandoned.
 */
export async function verifyBeforeAbandoning(context: CheckoutContext, payments: AbandonedCandidate[]) {
  const leave = new Set<string>();
  if (context.provider.flow !== 'hosted') return leave;
  for (const payment of payments) {
    if (payment.provider !== context.provider.name) continue;
    try {
      const verification = await context.provider.verify(payment.reference);
      if (verification.state === 'OPEN' || verification.state === 'UNKNOWN') continue;
      leave.add(payment.id);
      await settleVerified(context, payment, verification);
    } catch (error) {
      leave.add(payment.id);
      context.log.warn(
        { err: error, paymentId: payment.id },
        'verifying an abandoned hosted payment failed; asking next run',
      );
    }
  }
  return leave;
}
