import {
  ApiErrorSchema,
  CreateRefundRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeaderSchema,
  RefundIdParamsSchema,
  RefundListQuerySchema,
  RefundPageSchema,
  RefundSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import { createRefund, getRefund, listOwnRefunds } from './refunds.service.ts';

const tags = ['refunds'];

/** Refunds of card payments (issue 22 §1, ADR 049). */
export function refundsRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.post(
      '/',
      {
        config: { permission: 'refunds.create' },
        ...deps.idempotency.route(),
        schema: {
          tags,
          summary: 'Refund part or all of a successful card payment; the wallet pays the amount at once',
          description:
            "transactionId is the payment's transaction id as the transactions API shows it; without amount, all that is still refundable. The refund is PENDING until the card network answers (SUCCEEDED, or FAILED with the money back in the wallet). The card fee is not given back: what leaves the wallet is exactly the amount. 404 for a payment that is not the acting user's; 409 NOT_A_CARD_PAYMENT, PAYMENT_NOT_SUCCESSFUL, PAYMENT_DISPUTED (a dispute of the payment is open), FULLY_REFUNDED, AMOUNT_OVER_REFUNDABLE, INSUFFICIENT_BALANCE (the wallet cannot cover it; nothing changed); 400 RESTOCK_NEEDS_FULL_REFUND.",
          headers: IdempotencyKeyHeaderSchema,
          body: CreateRefundRequestSchema,
          response: {
            201: RefundSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createRefund(
              { ...deps, log: request.log },
              actorOf(request),
              request.body,
              businessAuditOf(request, actorOf(request)),
              request.headers[IDEMPOTENCY_KEY_HEADER],
            ),
          ),
    );

    api.get(
      '/',
      {
        config: { permission: 'transactions.read' },
        schema: {
          tags,
          summary: "The acting user's refunds, newest first, optionally of one payment or in one status",
          querystring: RefundListQuerySchema,
          response: { 200: RefundPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => listOwnRefunds(deps, actorOf(request), request.query),
    );

    api.get(
      '/:refundId',
      {
        config: { permission: 'transactions.read' },
        schema: {
          tags,
          summary: 'One refund',
          params: RefundIdParamsSchema,
          response: { 200: RefundSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getRefund(deps, actorOf(request), request.params.refundId),
    );
  });
}
