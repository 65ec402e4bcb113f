import { createHash } from 'node:crypto';
import type { CardBrand, CheckoutPayment, CheckoutProduct, FeeBearer } from '@bizdash/shared';
import { feeBearerOf } from '@bizdash/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findProductForCheckout, saleStatus } from '../products/index.ts';
import {
  bookAccepted,
  bookCaptured,
  bookLeftover,
  capturedWhileWaiting,
  cardNetwork,
  cardRequired,
  chargeCard,
  followedUp,
  followUp,
} from './card-checkout.ts';
import {
  findAbandonedPayments,
  findPaymentByKey,
  findPaymentViewById,
  type PaymentRow,
} from './checkout.repository.ts';
import type { CheckoutContext } from './checkout-context.ts';
import {
  abandonedReason,
  abandonedRefundedReason,
  cancelPayment,
  failAbandonedBatch,
  failPayment,
  type Outcome,
  redirectUrlOf,
} from './checkout-transitions.ts';
import { startHostedPayment, verifyBeforeAbandoning, verifyOpenPayment } from './hosted-checkout.ts';
import { LINK_NOT_FOUND, LostKeyRace, openPayment, type StartPaymentInput } from './open-payment.ts';

/*
 * Checkout's orchestration: the payment opened (open-payment.ts) and moved on by the transitions
 * (checkout-transitions.ts), which change it in the database; between them and after them the acquirer is talked
 * to, by card-checkout.ts for the card flow and hosted-checkout.ts for a hosted checkout (the acquirer's page takes
 * the card).
 */

const PAYMENT_NOT_FOUND = 'Payment not found';
const NO_CODE_EXPECTED = 'This payment is not waiting for a code.';
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different payment.';
const CARD_NOT_ACCEPTED =
  "This checkout takes the card on the payment service's own page: send no card details (paymentFlow HOSTED).";

export async function getCheckoutProduct(
  context: CheckoutContext,
  productId: string,
): Promise<CheckoutProduct> {
  const found = await findProductForCheckout(context.db, productId);
  if (!found) throw notFound(LINK_NOT_FOUND);
  const { product, merchant } = found;
  const status = saleStatus(product, merchant);
  const currency = product.currency;
  return {
    productId: product.id,
    productName: product.productName,
    description: product.description,
    amount: product.amount,
    currency,
    quantityAvailable: status === 'ARCHIVED' ? 0 : product.quantityAvailable,
    availability: status === 'ACTIVE' ? 'AVAILABLE' : status,
    merchant: { businessName: merchant.businessName, checkoutLogUrl: merchant.checkoutLogoUrl },
    feeBearer: feeBearerOf(merchant.chargeCheckoutFeeToCustomer),
    feeRule: context.feeSchedule[currency],
    testCards: context.provider.testMode?.cards ?? null,
    paymentFlow: context.provider.flow === 'hosted' ? 'HOSTED' : 'CARD',
  };
}

/**
 * The product of a payment link for its page rendered on the server (plugins/web.ts); null when the page shows
 * an error instead (an unknown or malformed link), which the app draws itself.
 */
export async function findCheckoutProductForPage(
  context: CheckoutContext,
  productId: string,
): Promise<CheckoutProduct | null> {
  try {
    return await getCheckoutProduct(context, productId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return null;
    throw error;
  }
}

type PaymentView = NonNullable<Awaited<ReturnType<typeof findPaymentViewById>>>;

async function findView(context: CheckoutContext, paymentId: string): Promise<PaymentView> {
  const view = await findPaymentViewById(context.db, paymentId);
  if (!view) throw notFound(PAYMENT_NOT_FOUND);
  return view;
}

const waitsForCode = (view: PaymentView) => view.status === 'CREATED' && view.payment.nextAction === 'OTP';

/**
 * A payment as it stands. One whose code was accepted but whose booking was cut off (OTP_VERIFIED: the charge is
 * captured) is booked first, so the payment page's polling, or a retry, drives it to its end. One still waiting
 * for its code asks the network first: a process killed after the issuer took the code (captured) or refused it
 * (declined) never recorded that, and the customer would be asked for a code forever.
 */
export async function getPayment(context: CheckoutContext, paymentId: string): Promise<CheckoutPayment> {
  const view = await findView(context, paymentId);
  if (context.provider.flow === 'hosted') return getHostedPayment(context, view);
  const { providerReference } = view.payment;
  if (waitsForCode(view) && providerReference) {
    const charge = await cardNetwork(context).lookup(providerReference);
    if (charge.outcome === 'OTP_REQUIRED') return toCheckoutPayment(context, view);
    const outcome =
      charge.outcome === 'CAPTURED'
        ? await bookAccepted(context, paymentId)
        : await followedUp(context, await failPayment(context, paymentId, charge.reason));
    return toCheckoutPayment(context, outcome ? { ...view, ...outcome } : await findView(context, paymentId));
  }
  if (view.status !== 'OTP_VERIFIED') return toCheckoutPayment(context, view);
  const outcome = await bookCaptured(context, paymentId);
  return toCheckoutPayment(context, outcome ? { ...view, ...outcome } : await findView(context, paymentId));
}

/**
 * A hosted checkout's payment as it stands; one still open is verified with the acquirer first (the customer is
 * back from its page, or waiting on it), so the page sees it booked or failed as soon as the acquirer says.
 */
async function getHostedPayment(context: CheckoutContext, view: PaymentView): Promise<CheckoutPayment> {
  if (view.status !== 'CREATED' || view.payment.provider !== context.provider.name)
    return toCheckoutPayment(context, view);
  const outcome = await verifyOpenPayment(context, view.payment);
  return toCheckoutPayment(context, outcome ? { ...view, ...outcome } : view);
}

function toCheckoutPayment(context: CheckoutContext, view: PaymentView): CheckoutPayment {
  const { payment } = view;
  const waiting = waitsForCode(view);
  const redirectUrl = view.status === 'CREATED' ? redirectUrlOf(payment) : null;
  return {
    paymentId: payment.id,
    reference: payment.reference,
    productId: payment.productId,
    productName: view.productName,
    businessName: view.businessName,
    checkoutLogUrl: view.checkoutLogoUrl, // SPEC's wire name for the column
    quantity: payment.quantity,
    unitAmount: payment.unitAmount,
    subtotal: payment.subtotal,
    fee: payment.fee,
    total: payment.customerTotal,
    currency: payment.currency,
    feeBearer: payment.feeBearer satisfies FeeBearer,
    status: view.status,
    nextAction: waiting ? 'OTP' : redirectUrl ? 'REDIRECT' : null,
    redirectUrl,
    sandboxOtp: waiting ? (context.provider.testMode?.otp ?? null) : null,
    failureReason: payment.failureReason,
    customerName: payment.customerName,
    // A hosted checkout's card is known once its acquirer reports it (when it is paid).
    card: payment.cardLast4
      ? { brand: payment.cardBrand satisfies CardBrand, last4: payment.cardLast4 }
      : null,
    createdAt: payment.createdAt.toISOString(),
    completedAt: payment.completedAt?.toISOString() ?? null,
  };
}

/** What identifies a start for idempotency: everything asked for, but of the card only what is kept. */
function hashStart(productId: string, input: StartPaymentInput) {
  const card = input.card
    ? { last4: input.card.number.slice(-4), expiry: input.card.expiry.replace(/\s/g, '') }
    : null;
  const asked = {
    productId,
    quantity: input.quantity,
    name: input.customerName,
    email: input.customerEmail,
    card,
  };
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

/** After the payment opened: the card charged, or the hosted checkout's page opened for it. */
function proceed(context: CheckoutContext, payment: PaymentRow, input: StartPaymentInput) {
  return context.provider.flow === 'hosted'
    ? startHostedPayment(context, payment)
    : chargeCard(context, payment, input);
}

/** The card goes to a card network only; a hosted checkout's page takes it, so sending one is refused. */
function checkCardFor(context: CheckoutContext, input: StartPaymentInput) {
  if (context.provider.flow === 'hosted' && input.card)
    throw badRequest(CARD_NOT_ACCEPTED, 'CARD_NOT_ACCEPTED');
  if (context.provider.flow === 'card' && !input.card) throw cardRequired();
}

/**
 * A retry with the same key gets the first payment, never a second charge. A first attempt cut off before it was
 * booked (a crash, a lost connection, before or after the card was charged) is driven on: the network answers
 * once per payment, so charging again gives its first answer, and a payment whose code was accepted is booked. A
 * hosted checkout's payment cut off before its page was recorded asks the acquirer to open it again (the same
 * reference: an acquirer that had opened it refuses, and the payment fails unstarted).
 */
async function replay(
  context: CheckoutContext,
  payment: PaymentRow,
  requestHash: string,
  input: StartPaymentInput,
) {
  if (payment.requestHash !== requestHash) throw conflict(IDEMPOTENCY_MISMATCH, 'IDEMPOTENCY_MISMATCH');
  const current = await getPayment(context, payment.id);
  if (current.status !== 'CREATED' || current.nextAction) return current;
  await proceed(context, payment, input);
  return getPayment(context, payment.id);
}

/**
 * Starts a payment: the server prices it from the product and quantity (nothing the client says about amounts
 * counts), records the merchant's CREDIT in CREATED, then asks the acquirer.
 */
export async function startPayment(
  context: CheckoutContext,
  productId: string,
  idempotencyKey: string,
  input: StartPaymentInput,
): Promise<{ payment: CheckoutPayment; replayed: boolean }> {
  checkCardFor(context, input);
  const requestHash = hashStart(productId, input);
  let opened: Awaited<ReturnType<typeof openPayment>>;
  try {
    opened = await openPayment(context.db, {
      productId,
      idempotencyKey,
      requestHash,
      input,
      feeSchedule: context.feeSchedule,
      provider: context.provider.name,
    });
  } catch (error) {
    // A retry finds its first payment here, on the refusal path only (a new payment costs no lookup): when the
    // key was taken, and also when the product has sold out or gone since the first attempt.
    if (!(error instanceof LostKeyRace || error instanceof AppError)) throw error;
    const first = await findPaymentByKey(context.db, productId, idempotencyKey);
    if (!first) throw error;
    return { payment: await replay(context, first, requestHash, input), replayed: true };
  }
  const outcome = await proceed(context, opened.payment, input);
  const payment = outcome
    ? toCheckoutPayment(context, { ...opened.shop, payment: outcome.payment, status: outcome.status })
    : await getPayment(context, opened.payment.id);
  return { payment, replayed: false };
}

/** The customer's one-time code: OTP_VERIFIED once the issuer accepts it, then the payment is booked. */
export async function submitOtp(
  context: CheckoutContext,
  paymentId: string,
  otp: string,
): Promise<CheckoutPayment> {
  const view = await findView(context, paymentId);
  if (view.status === 'SUCCESSFUL' || view.status === 'FAILED') return toCheckoutPayment(context, view);
  const answer = (outcome: Outcome | null) =>
    outcome ? toCheckoutPayment(context, { ...view, ...outcome }) : getPayment(context, paymentId);
  if (view.status === 'OTP_VERIFIED') return answer(await bookCaptured(context, paymentId));
  const { providerReference, nextAction } = view.payment;
  if (nextAction !== 'OTP' || !providerReference) throw conflict(NO_CODE_EXPECTED, 'NO_CODE_EXPECTED');
  const result = await cardNetwork(context).submitOtp(providerReference, otp);
  if (result.outcome === 'WRONG_OTP') {
    const attempts = result.attemptsLeft === 1 ? '1 attempt' : `${result.attemptsLeft} attempts`;
    throw badRequest(`That code is not correct. ${attempts} left.`, 'WRONG_OTP');
  }
  if (result.outcome === 'DECLINED') {
    return answer(await followedUp(context, await failPayment(context, paymentId, result.reason)));
  }
  return answer(await bookAccepted(context, paymentId));
}

/**
 * The customer leaves the code step to use another card: the payment waiting for its code is cancelled now (its
 * charge too), rather than by the abandoned-payments job half an hour later. Safe to repeat; a payment whose
 * code was accepted is booked, as any request that sees it does.
 */
export async function abandonForAnotherCard(context: CheckoutContext, paymentId: string) {
  const view = await findView(context, paymentId);
  if (view.status !== 'CREATED') return getPayment(context, paymentId);
  if (context.provider.flow === 'hosted') {
    // Paid (or declined) on the acquirer's page already: that answer stands, not a cancel.
    const settled = await verifyOpenPayment(context, view.payment);
    if (settled && settled.status !== 'CREATED') return toCheckoutPayment(context, { ...view, ...settled });
  }
  const outcome = await followedUp(context, await cancelPayment(context, paymentId));
  if (outcome?.status === 'FAILED') return toCheckoutPayment(context, { ...view, ...outcome });
  // Its code was accepted meanwhile: the customer is shown the payment going through, not the card form.
  return getPayment(context, paymentId);
}

/**
 * The abandoned-payments job, a batch at a time: unfinished payments past the limit become FAILED, except those
 * whose code was accepted (their charge is captured), which are booked. The reason tells the customer whether
 * their card was charged: the network is asked first, since a crash after the issuer took the code leaves a
 * captured charge on a payment still waiting for it (cancelling it then refunds the charge). A hosted checkout's
 * payments are verified first: those the acquirer settled are settled by its answer, those it did not answer for
 * wait for the next run.
 */
export async function failAbandonedPayments(context: CheckoutContext, now = new Date(), batchSize = 100) {
  const cutoff = new Date(now.getTime() - context.abandonAfterMinutes * 60_000);
  const notCharged = abandonedReason(context.abandonAfterMinutes);
  const refunded = abandonedRefundedReason(context.abandonAfterMinutes);
  let total = 0;
  for (;;) {
    const found = await findAbandonedPayments(context.db, cutoff, batchSize);
    const captured = await capturedWhileWaiting(context, found);
    const settledOrUnanswered = await verifyBeforeAbandoning(context, found);
    const batch = await failAbandonedBatch(
      context,
      found.filter(({ id }) => !settledOrUnanswered.has(id)).map(({ id }) => id),
      (id) => (captured.has(id) ? refunded : notCharged),
    );
    for (const next of batch.cancels) await followUp(context, next);
    let booked = 0;
    for (const paymentId of batch.toBook) if (await bookLeftover(context, paymentId)) booked += 1;
    total += batch.cancels.length;
    // A full batch of payments that could not be booked would come back unchanged: stop until the next run.
    if (found.length < batchSize || batch.cancels.length + booked === 0) return total;
  }
}
