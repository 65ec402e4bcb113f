import {
  type CheckoutPayment,
  CheckoutPaymentSchema,
  CheckoutProductSchema,
  cardBrand,
  checkoutAmounts,
  IdempotencyKeyHeaderSchema,
  PaymentIdParamsSchema,
  ProductIdParamsSchema,
  StartPaymentRequestSchema,
  SubmitOtpSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { buildCheckoutPayment } from '@/features/checkout/testing/factories';
import { db } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400 } from '../utils';

/** The sandbox card network's cards: one asks for a code, one is declined, the rest are approved. */
const OTP_CARD = '5061000000000005';
const DECLINED_CARD = '4000000000000002';
const SANDBOX_OTP = '123456';
const OTP_ATTEMPTS = 3;
/** Where a hosted checkout sends the customer (the acquirer's page). */
export const HOSTED_CHECKOUT_URL = 'https://checkout.paystack.test/ac_standin';

function findProduct(params: Record<string, unknown>) {
  const { productId } = parseOr400(ProductIdParamsSchema, params);
  const product = db.checkoutProducts.find((candidate) => candidate.productId === productId);
  if (!product) throw notFound('This payment link is not valid.');
  return product;
}

function findPayment(params: Record<string, unknown>) {
  const { paymentId } = parseOr400(PaymentIdParamsSchema, params);
  const index = db.payments.findIndex((payment) => payment.paymentId === paymentId);
  if (index < 0) throw notFound('Payment not found');
  return { index, payment: db.payments[index] as CheckoutPayment };
}

export const checkoutHandlers = [
  http.get('/api/checkout/products/:productId', ({ params }) =>
    contractJson(CheckoutProductSchema, findProduct(params)),
  ),

  http.post('/api/checkout/products/:productId/payments', async ({ request, params }) => {
    const product = findProduct(params);
    parseOr400(IdempotencyKeyHeaderSchema, Object.fromEntries(request.headers));
    const { quantity, customerName, card } = parseOr400(StartPaymentRequestSchema, await jsonBody(request));
    const hosted = product.paymentFlow === 'HOSTED';
    if (hosted && card)
      return apiError(400, 'This checkout takes the card on its own page.', 'CARD_NOT_ACCEPTED');
    if (!hosted && !card) return apiError(400, 'Card details are required', 'VALIDATION_ERROR');
    if (product.availability === 'ARCHIVED') {
      return apiError(409, 'This product is no longer available.', 'PRODUCT_ARCHIVED');
    }
    if (product.availability === 'SOLD_OUT')
      return apiError(409, 'This product is sold out.', 'PRODUCT_SOLD_OUT');
    if (quantity > product.quantityAvailable) {
      return apiError(409, `Only ${product.quantityAvailable} left in stock.`, 'NOT_ENOUGH_STOCK');
    }
    const amounts = checkoutAmounts({
      unitAmount: product.amount,
      quantity,
      currency: product.currency,
      rule: product.feeRule,
      bearer: product.feeBearer,
    });
    const waitsForCode = card?.number === OTP_CARD;
    const declined = card?.number === DECLINED_CARD;
    const payment = buildCheckoutPayment({
      paymentId: crypto.randomUUID(),
      productId: product.productId,
      productName: product.productName,
      businessName: product.merchant.businessName,
      checkoutLogUrl: product.merchant.checkoutLogUrl,
      quantity,
      unitAmount: amounts.unitAmount,
      subtotal: amounts.subtotal,
      fee: amounts.fee,
      total: amounts.customerTotal,
      currency: product.currency,
      feeBearer: product.feeBearer,
      status: waitsForCode || hosted ? 'CREATED' : declined ? 'FAILED' : 'SUCCESSFUL',
      nextAction: hosted ? 'REDIRECT' : waitsForCode ? 'OTP' : null,
      redirectUrl: hosted ? HOSTED_CHECKOUT_URL : null,
      sandboxOtp: waitsForCode ? SANDBOX_OTP : null,
      failureReason: declined ? 'Your card was declined.' : null,
      customerName,
      card: card ? { brand: cardBrand(card.number), last4: card.number.slice(-4) } : null,
      createdAt: new Date().toISOString(),
      completedAt: waitsForCode || hosted ? null : new Date().toISOString(),
    });
    db.payments.push(payment);
    return contractJson(CheckoutPaymentSchema, payment, 201);
  }),

  http.get('/api/checkout/payments/:paymentId', ({ params }) =>
    contractJson(CheckoutPaymentSchema, findPayment(params).payment),
  ),

  // Three wrong codes cancel the payment, as the sandbox network does.
  http.post('/api/checkout/payments/:paymentId/otp', async ({ request, params }) => {
    const { index, payment } = findPayment(params);
    const { otp } = parseOr400(SubmitOtpSchema, await jsonBody(request));
    if (payment.status !== 'CREATED' || payment.nextAction !== 'OTP') {
      return apiError(409, 'This payment is not waiting for a code.', 'NO_CODE_EXPECTED');
    }
    const done = { nextAction: null, sandboxOtp: null, completedAt: new Date().toISOString() };
    if (otp === (payment.sandboxOtp ?? SANDBOX_OTP)) {
      db.payments[index] = buildCheckoutPayment({ ...payment, ...done, status: 'SUCCESSFUL' });
      return contractJson(CheckoutPaymentSchema, db.payments[index]);
    }
    const attemptsLeft = (db.otpAttemptsLeft.get(payment.paymentId) ?? OTP_ATTEMPTS) - 1;
    db.otpAttemptsLeft.set(payment.paymentId, attemptsLeft);
    if (attemptsLeft > 0) {
      const attempts = attemptsLeft === 1 ? '1 attempt' : `${attemptsLeft} attempts`;
      return apiError(400, `That code is not correct. ${attempts} left.`, 'WRONG_OTP');
    }
    db.payments[index] = buildCheckoutPayment({
      ...payment,
      ...done,
      status: 'FAILED',
      failureReason: 'Too many incorrect codes. The payment was cancelled; your card was not charged.',
    });
    return contractJson(CheckoutPaymentSchema, db.payments[index]);
  }),

  // "Use another card": a payment still waiting for its code is cancelled; any other answers as it is.
  http.post('/api/checkout/payments/:paymentId/cancel', ({ params }) => {
    const { index, payment } = findPayment(params);
    if (payment.status !== 'CREATED') return contractJson(CheckoutPaymentSchema, payment);
    const cancelled = buildCheckoutPayment({
      ...payment,
      nextAction: null,
      sandboxOtp: null,
      completedAt: new Date().toISOString(),
      status: 'FAILED',
      failureReason:
        'You chose to pay with another card, so this payment was cancelled. Your card was not charged.',
    });
    db.payments[index] = cancelled;
    return contractJson(CheckoutPaymentSchema, cancelled);
  }),
];
