import { createHash } from 'node:crypto';
import type {
  CardBrand,
  CheckoutPayment,
  CheckoutProduct,
  FeeBearer,
  StartPaymentSchema,
} from '@bizdash/shared';
import { feeBearerOf } from '@bizdash/shared';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthorizationResult } from '../../providers/payments/payments-provider.ts';
import { findProductForCheckout, productStatus } from '../products/index.ts';
import { findPaymentByKey, findPaymentViewById, type PaymentRow } from './checkout.repository.ts';
import type { CheckoutContext } from './checkout-context.ts';
import {
  abandonedReason,
  awaitOtp,
  bookPayment,
  failAbandonedBatch,
  failPayment,
  LINK_NOT_FOUND,
  LostKeyRace,
  MERCHANT_CANNOT_ACCEPT,
  type Outcome,
  openPayment,
  type ProviderFollowUp,
  SOLD_OUT_WHILE_PAYING,
  SoldOutWhilePaying,
  verifyOtp,
} from './checkout-transitions.ts';

/*
 * Checkout's orchestration: the transitions (checkout-transitions.ts) change the payment in the database, this
 * file talks to the card network between them and after them.
 */

type StartPaymentInput = z.output<typeof StartPaymentSchema>;

const PAYMENT_NOT_FOUND = 'Payment not found';
const NO_CODE_EXPECTED = 'This payment is not waiting for a code.';
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different payment.';

export async function getCheckoutProduct(
  context: CheckoutContext,
  productId: string,
): Promise<CheckoutProduct> {
  const found = await findProductForCheckout(context.db, productId);
  if (!found) throw notFound(LINK_NOT_FOUND);
  const { product, merchant } = found;
  const status = productStatus(product);
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
  };
}

type PaymentView = NonNullable<Awaited<ReturnType<typeof findPaymentViewById>>>;

async function findView(context: CheckoutContext, paymentId: string): Promise<PaymentView> {
  const view = await findPaymentViewById(context.db, paymentId);
  if (!view) throw notFound(PAYMENT_NOT_FOUND);
  return view;
}

export async function getPayment(context: CheckoutContext, paymentId: string): Promise<CheckoutPayment> {
  return toCheckoutPayment(context, await findView(context, paymentId));
}

function toCheckoutPayment(context: CheckoutContext, view: PaymentView): CheckoutPayment {
  const { payment } = view;
  const waitsForCode = payment.nextAction === 'OTP' && view.status === 'CREATED';
  return {
    paymentId: payment.id,
    reference: payment.reference,
    productId: payment.productId,
    productName: view.productName,
    businessName: view.businessName,
    checkoutLogUrl: view.checkoutLogUrl,
    quantity: payment.quantity,
    unitAmount: payment.unitAmount,
    subtotal: payment.subtotal,
    fee: payment.fee,
    total: payment.customerTotal,
    currency: payment.currency,
    feeBearer: payment.feeBearer satisfies FeeBearer,
    status: view.status,
    nextAction: waitsForCode ? 'OTP' : null,
    sandboxOtp: waitsForCode ? (context.provider.testMode?.otp ?? null) : null,
    failureReason: payment.failureReason,
    customerName: payment.customerName,
    card: { brand: payment.cardBrand satisfies CardBrand, last4: payment.cardLast4 },
    createdAt: payment.createdAt.toISOString(),
    completedAt: payment.completedAt?.toISOString() ?? null,
  };
}

/** What identifies a start for idempotency: everything asked for, but of the card only what is kept. */
function hashStart(productId: string, input: StartPaymentInput) {
  const card = { last4: input.card.number.slice(-4), expiry: input.card.expiry.replace(/\s/g, '') };
  const asked = {
    productId,
    quantity: input.quantity,
    name: input.customerName,
    email: input.customerEmail,
    card,
  };
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

/**
 * Tells the card network what a committed transition decided. A hold that is no longer needed is let go; if
 * that fails it is logged and the hold expires on its own. A capture failing is thrown (the payment is booked;
 * a retry captures again, which the network answers once).
 */
async function followUp(context: CheckoutContext, next: ProviderFollowUp) {
  if (!next) return;
  context.kickEvents();
  if (!next.providerReference) return;
  if (next.action === 'CAPTURE') {
    await context.provider.capture(next.providerReference);
    return;
  }
  try {
    await context.provider.release(next.providerReference);
  } catch (error) {
    context.log.error(
      { err: error, providerReference: next.providerReference },
      'releasing a card hold failed',
    );
  }
}

/**
 * Books an authorized payment. When it cannot be booked (the merchant's wallet was closed, or the last units went
 * to someone faster since the payment started) the booking rolled back and the payment fails instead.
 */
async function book(context: CheckoutContext, paymentId: string, providerReference?: string) {
  let outcome: Outcome | null;
  try {
    outcome = await bookPayment(context.db, paymentId, providerReference);
  } catch (error) {
    const reason = unbookableReason(error);
    if (!reason) throw error;
    outcome = await failPayment(context.db, paymentId, reason, providerReference);
  }
  return followedUp(context, outcome);
}

/** After a transition: the network told what it decided, the payment as it now stands returned. */
async function followedUp(context: CheckoutContext, outcome: Outcome | null) {
  await followUp(context, outcome?.next ?? null);
  return outcome;
}

function unbookableReason(error: unknown): string | null {
  if (error instanceof SoldOutWhilePaying) return SOLD_OUT_WHILE_PAYING;
  if (error instanceof AppError && error.code === 'WALLET_NOT_AVAILABLE') return MERCHANT_CANNOT_ACCEPT;
  return null;
}

/** Acts on the acquirer's answer: book it, wait for the customer's code, or record the decline. */
async function applyAuthorization(context: CheckoutContext, paymentId: string, result: AuthorizationResult) {
  if (result.outcome === 'DECLINED') {
    return followedUp(
      context,
      await failPayment(context.db, paymentId, result.reason, result.providerReference),
    );
  }
  if (result.outcome === 'OTP_REQUIRED') {
    return followedUp(context, await awaitOtp(context.db, paymentId, result.providerReference));
  }
  return book(context, paymentId, result.providerReference);
}

async function authorize(context: CheckoutContext, payment: PaymentRow, input: StartPaymentInput) {
  const result = await context.provider.authorize({
    merchantReference: payment.id,
    amount: payment.customerTotal,
    currency: payment.currency,
    card: input.card,
    brand: payment.cardBrand,
  });
  return applyAuthorization(context, payment.id, result);
}

/**
 * A retry with the same key gets the first payment, never a second charge. A first attempt cut off before it
 * was booked (a crash, a lost connection, before or after the card was asked) is driven on: the acquirer
 * answers once per payment, so asking again gives its first answer and never a second hold.
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
  await authorize(context, payment, input);
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
  const requestHash = hashStart(productId, input);
  const earlier = await findPaymentByKey(context.db, productId, idempotencyKey);
  if (earlier) return { payment: await replay(context, earlier, requestHash, input), replayed: true };
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
    if (!(error instanceof LostKeyRace)) throw error;
    const first = await findPaymentByKey(context.db, productId, idempotencyKey);
    if (!first) throw error;
    return { payment: await replay(context, first, requestHash, input), replayed: true };
  }
  const outcome = await authorize(context, opened.payment, input);
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
  if (view.status === 'OTP_VERIFIED') return answer(await book(context, paymentId));
  const { providerReference, nextAction } = view.payment;
  if (nextAction !== 'OTP' || !providerReference) throw conflict(NO_CODE_EXPECTED, 'NO_CODE_EXPECTED');
  const result = await context.provider.submitOtp(providerReference, otp);
  if (result.outcome === 'WRONG_OTP') {
    const attempts = result.attemptsLeft === 1 ? '1 attempt' : `${result.attemptsLeft} attempts`;
    throw badRequest(`That code is not correct. ${attempts} left.`, 'WRONG_OTP');
  }
  if (result.outcome === 'DECLINED') {
    return answer(await followedUp(context, await failPayment(context.db, paymentId, result.reason)));
  }
  await verifyOtp(context.db, paymentId);
  return answer(await book(context, paymentId));
}

/** The abandoned-payments job: unfinished payments past the limit become FAILED, a batch at a time. */
export async function failAbandonedPayments(context: CheckoutContext, now = new Date(), batchSize = 100) {
  const cutoff = new Date(now.getTime() - context.abandonAfterMinutes * 60_000);
  const reason = abandonedReason(context.abandonAfterMinutes);
  let total = 0;
  for (;;) {
    const batch = await failAbandonedBatch(context.db, cutoff, reason, batchSize);
    for (const next of batch.releases) await followUp(context, next);
    total += batch.releases.length;
    if (batch.claimed < batchSize) return total;
  }
}
