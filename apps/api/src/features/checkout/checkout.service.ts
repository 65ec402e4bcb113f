import { createHash, randomInt } from 'node:crypto';
import {
  type CardBrand,
  type CheckoutPayment,
  type CheckoutProduct,
  type Currency,
  cardBrand,
  checkoutAmounts,
  type FeeBearer,
  feeBearerOf,
  type StartPaymentSchema,
} from '@bizdash/shared';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthorizationResult } from '../../providers/payments/payments-provider.ts';
import { findProductForCheckout } from '../products/products.repository.ts';
import { productStatus } from '../products/products.service.ts';
import { recordTransaction } from '../transactions/transactions.service.ts';
import { findWalletByCurrency } from '../wallets/wallets.repository.ts';
import {
  findPaymentByKey,
  findPaymentView,
  insertPaymentOnce,
  type PaymentRow,
  updateOpenPayment,
} from './checkout.repository.ts';
import type { CheckoutContext } from './checkout-context.ts';
import {
  completePayment,
  failPayment,
  MERCHANT_CANNOT_ACCEPT,
  markOtpVerified,
  releaseHold,
} from './checkout-settlement.ts';

type StartPaymentInput = z.output<typeof StartPaymentSchema>;

export const LINK_NOT_FOUND = 'This payment link is not valid.';
export const PAYMENT_NOT_FOUND = 'Payment not found';
export const PRODUCT_UNAVAILABLE = 'This product is no longer available.';
export const PRODUCT_SOLD_OUT = 'This product is sold out.';
export const NO_CODE_EXPECTED = 'This payment is not waiting for a code.';

/** A short reference a customer can read out on the phone: no 0/O or 1/I/L to confuse. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return `BZD-${Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('')}`;
}

export async function getCheckoutProduct(
  context: CheckoutContext,
  productId: string,
): Promise<CheckoutProduct> {
  const found = await findProductForCheckout(context.db, productId);
  if (!found) throw notFound(LINK_NOT_FOUND);
  const { product, merchant } = found;
  const status = productStatus(product);
  const currency = product.currency as Currency;
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

type PaymentView = NonNullable<Awaited<ReturnType<typeof findPaymentView>>>;

async function findView(context: CheckoutContext, paymentId: string): Promise<PaymentView> {
  const view = await findPaymentView(context.db, paymentId);
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
    currency: payment.currency as Currency,
    feeBearer: payment.feeBearer as FeeBearer,
    status: view.status as CheckoutPayment['status'],
    nextAction: waitsForCode ? 'OTP' : null,
    sandboxOtp: waitsForCode ? (context.provider.testMode?.otp ?? null) : null,
    failureReason: payment.failureReason,
    customerName: payment.customerName,
    card: { brand: payment.cardBrand as CardBrand, last4: payment.cardLast4 },
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

/** Thrown inside the creating transaction when another request with the same key got there first. */
class LostKeyRace extends Error {}

async function createPayment(
  context: CheckoutContext,
  productId: string,
  idempotencyKey: string,
  requestHash: string,
  input: StartPaymentInput,
): Promise<PaymentRow> {
  return context.db.transaction(async (tx) => {
    // KEY SHARE: the product cannot be deleted under a starting payment, while sales still update its stock.
    const found = await findProductForCheckout(tx, productId, 'key share');
    if (!found) throw notFound(LINK_NOT_FOUND);
    const { product, merchant } = found;
    const status = productStatus(product);
    if (status === 'ARCHIVED') throw conflict(PRODUCT_UNAVAILABLE, 'PRODUCT_ARCHIVED');
    if (status === 'SOLD_OUT') throw conflict(PRODUCT_SOLD_OUT, 'PRODUCT_SOLD_OUT');
    if (input.quantity > product.quantityAvailable) {
      throw conflict(`Only ${product.quantityAvailable} left in stock.`, 'NOT_ENOUGH_STOCK');
    }
    const currency = product.currency as Currency;
    const feeBearer = feeBearerOf(merchant.chargeCheckoutFeeToCustomer);
    const amounts = checkoutAmounts({
      unitAmount: product.amount,
      quantity: input.quantity,
      currency,
      rule: context.feeSchedule[currency],
      bearer: feeBearer,
    });
    const wallet = await findWalletByCurrency(tx, merchant.id, currency);
    if (!wallet || wallet.status === 'DEACTIVATED') {
      throw new AppError(409, 'WALLET_NOT_AVAILABLE', MERCHANT_CANNOT_ACCEPT);
    }
    const reference = newReference();
    const transaction = await recordTransaction(tx, {
      userId: merchant.id,
      walletId: wallet.id,
      type: 'CREDIT',
      status: 'CREATED',
      amount: amounts.customerTotal,
      currency,
      description: input.quantity > 1 ? `${product.productName} x${input.quantity}` : product.productName,
      channel: 'CARD',
      counterparty: 'CUSTOMER_FUNDS',
      beneficiary: input.customerName,
      orderReference: reference,
    });
    const card = input.card.number;
    const payment = await insertPaymentOnce(tx, {
      reference,
      productId,
      userId: merchant.id,
      transactionId: transaction.id,
      idempotencyKey,
      requestHash,
      quantity: input.quantity,
      unitAmount: amounts.unitAmount,
      subtotal: amounts.subtotal,
      fee: amounts.fee,
      customerTotal: amounts.customerTotal,
      merchantNet: amounts.merchantNet,
      currency,
      feeBearer,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      cardBrand: cardBrand(card),
      cardLast4: card.slice(-4),
      provider: context.provider.name,
    });
    if (!payment) throw new LostKeyRace();
    return payment;
  });
}

/** Acts on the acquirer's answer: book it, wait for the customer's code, or record the decline. */
async function applyAuthorization(context: CheckoutContext, paymentId: string, result: AuthorizationResult) {
  if (result.outcome === 'DECLINED') {
    if (result.providerReference) {
      await updateOpenPayment(context.db, paymentId, { providerReference: result.providerReference });
    }
    return failPayment(context, paymentId, result.reason);
  }
  const open = await updateOpenPayment(context.db, paymentId, {
    providerReference: result.providerReference,
    nextAction: result.outcome === 'OTP_REQUIRED' ? 'OTP' : null,
  });
  // Finished while the card was being asked (abandoned): the new hold is let go, the payment stays as it is.
  if (!open) return releaseHold(context, result.providerReference);
  if (result.outcome === 'AUTHORIZED') await completePayment(context, paymentId);
}

async function authorize(context: CheckoutContext, payment: PaymentRow, input: StartPaymentInput) {
  const result = await context.provider.authorize({
    merchantReference: payment.id,
    amount: payment.customerTotal,
    currency: payment.currency as Currency,
    card: input.card,
    brand: payment.cardBrand as CardBrand,
  });
  await applyAuthorization(context, payment.id, result);
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
  if (payment.requestHash !== requestHash) {
    throw conflict('This Idempotency-Key was already used for a different payment.', 'IDEMPOTENCY_MISMATCH');
  }
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
  let payment: PaymentRow;
  try {
    payment = await createPayment(context, productId, idempotencyKey, requestHash, input);
  } catch (error) {
    if (!(error instanceof LostKeyRace)) throw error;
    const first = await findPaymentByKey(context.db, productId, idempotencyKey);
    if (!first) throw error;
    return { payment: await replay(context, first, requestHash, input), replayed: true };
  }
  await authorize(context, payment, input);
  return { payment: await getPayment(context, payment.id), replayed: false };
}

/** The customer's one-time code: OTP_VERIFIED once the issuer accepts it, then the payment is booked. */
export async function submitOtp(
  context: CheckoutContext,
  paymentId: string,
  otp: string,
): Promise<CheckoutPayment> {
  const view = await findView(context, paymentId);
  if (view.status === 'SUCCESSFUL' || view.status === 'FAILED') return toCheckoutPayment(context, view);
  if (view.status === 'OTP_VERIFIED') {
    await completePayment(context, paymentId);
    return getPayment(context, paymentId);
  }
  const { providerReference, nextAction } = view.payment;
  if (nextAction !== 'OTP' || !providerReference) throw conflict(NO_CODE_EXPECTED, 'NO_CODE_EXPECTED');
  const result = await context.provider.submitOtp(providerReference, otp);
  if (result.outcome === 'WRONG_OTP') {
    const attempts = result.attemptsLeft === 1 ? '1 attempt' : `${result.attemptsLeft} attempts`;
    throw badRequest(`That code is not correct. ${attempts} left.`, 'WRONG_OTP');
  }
  if (result.outcome === 'DECLINED') {
    await failPayment(context, paymentId, result.reason);
    return getPayment(context, paymentId);
  }
  await markOtpVerified(context, paymentId);
  await completePayment(context, paymentId);
  return getPayment(context, paymentId);
}
