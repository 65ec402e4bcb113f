import {
  ApiErrorSchema,
  CheckoutPaymentSchema,
  CheckoutProductSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeaderSchema,
  PaymentIdParamsSchema,
  ProductIdParamsSchema,
  StartPaymentSchema,
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
            'Amounts come from the product and quantity; any amount in the body is ignored. 409 when the product is sold out, archived or has fewer units than asked for.',
          params: ProductIdParamsSchema,
          headers: IdempotencyKeyHeaderSchema,
          body: StartPaymentSchema,
          response: { 200: CheckoutPaymentSchema, 201: CheckoutPaymentSchema, ...errors },
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
