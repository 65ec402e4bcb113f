import {
  ApiErrorSchema,
  CheckoutPaymentSchema,
  CheckoutProductSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeaderSchema,
  PaymentIdParamsSchema,
  ProductIdParamsSchema,
  StartPaymentRequestSchema,
  SubmitOtpSchema,
} from '@bizdash/shared';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import {
  abandonForAnotherCard,
  getCheckoutProduct,
  getPayment,
  IDEMPOTENCY_MISMATCH,
  startPayment,
  submitOtp,
} from './checkout.service.ts';
import { createCheckoutContext } from './checkout-context.ts';

/** The public side of a payment link: no sign-in, nothing private, every amount priced by the server. */
export function checkoutRoutes(deps: AppDeps) {
  return typedRoutes(async (api, app) => {
    const context = createCheckoutContext(deps, app.log);
    const perIp = deps.rateLimits.perIp('checkout', deps.config.rateLimit.checkoutPerMinute);
    const common = { tags: ['checkout'] };
    const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

    api.get(
      '/products/:productId',
      {
        schema: {
          ...common,
          summary: "What a payment link shows: the product, its seller's public face and the fee rule",
          params: ProductIdParamsSchema,
          response: { 200: CheckoutProductSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getCheckoutProduct(context, request.params.productId),
    );

    api.post(
      '/products/:productId/payments',
      {
        onRequest: perIp,
        ...deps.idempotency.route({ mismatchMessage: IDEMPOTENCY_MISMATCH }),
        schema: {
          ...common,
          summary: 'Pay for a product by card; the same Idempotency-Key replays the first result',
          description:
            'Amounts come from the product and quantity; any amount in the body is ignored. 409 when the product is sold out, archived or has fewer units than asked for.\n\n' +
            'How the card is taken follows the product\'s `paymentFlow`. CARD: the body carries `card`; the answer is the payment, booked, failed, or waiting for a one-time code (`nextAction: "OTP"`). ' +
            'HOSTED (PAYMENTS_PROVIDER=paystack): the body carries no card (400 `CARD_NOT_ACCEPTED` if it does); the answer is the payment waiting with `nextAction: "REDIRECT"` and `redirectUrl`, the acquirer\'s page, which sends the customer back to `{PUBLIC_URL}/pay/{productId}/payments/{paymentId}` (Paystack adds `trxref` and `reference`). ' +
            '502 `PAYMENT_PROVIDER_UNAVAILABLE` when the acquirer did not answer: the payment it opened is FAILED and nothing was charged; start again.',
          params: ProductIdParamsSchema,
          headers: IdempotencyKeyHeaderSchema,
          body: StartPaymentRequestSchema,
          response: {
            200: CheckoutPaymentSchema,
            201: CheckoutPaymentSchema,
            ...errors,
            502: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { payment, replayed } = await startPayment(
          context,
          request.params.productId,
          request.headers[IDEMPOTENCY_KEY_HEADER],
          request.body,
        );
        return reply.code(replayed ? 200 : 201).send(payment);
      },
    );

    api.get(
      '/payments/:paymentId',
      {
        schema: {
          ...common,
          summary: 'A payment as its customer sees it (OTP step, receipt or failure)',
          description:
            'With a hosted checkout (paymentFlow HOSTED) an open payment is verified with the acquirer first, so the payment\'s page, polling this once the customer is back, sees it booked or failed as soon as the acquirer says; while the acquirer has no answer it stays CREATED with `nextAction: "REDIRECT"`.',
          params: PaymentIdParamsSchema,
          response: { 200: CheckoutPaymentSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getPayment(context, request.params.paymentId),
    );

    api.post(
      '/payments/:paymentId/otp',
      {
        onRequest: perIp,
        schema: {
          ...common,
          summary: "The card issuer's one-time code; a payment already finished is answered as it is",
          params: PaymentIdParamsSchema,
          body: SubmitOtpSchema,
          response: { 200: CheckoutPaymentSchema, ...errors },
        },
      },
      async (request) => submitOtp(context, request.params.paymentId, request.body.otp),
    );

    api.post(
      '/payments/:paymentId/cancel',
      {
        onRequest: perIp,
        schema: {
          ...common,
          summary:
            'The customer chose another card at the code step: a payment still waiting for its code fails now and its charge is cancelled; any other is answered as it is',
          params: PaymentIdParamsSchema,
          response: { 200: CheckoutPaymentSchema, ...errors },
        },
      },
      async (request) => abandonForAnotherCard(context, request.params.paymentId),
    );
  });
}
