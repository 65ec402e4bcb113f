import {
  ApiErrorSchema,
  ConfirmPayoutRequestSchema,
  CreatePayoutRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeaderSchema,
  PayoutIdParamsSchema,
  PayoutListSchema,
  PayoutSchema,
  PayoutTermsSchema,
} from '@bizdash/shared';
import { actorOf, confirmerOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import { countPasswordCheck } from '../auth/index.ts';
import {
  confirmPayout,
  createPayout,
  getPayout,
  listPayouts,
  payoutTerms,
  resendPayoutCode,
} from './payouts.service.ts';

const tags = ['payouts'];

/** Payouts to settlement bank accounts (issue 12, ADR 032). */
export function payoutsRoutes(deps: AppDeps) {
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
  return typedRoutes(async (api) => {
    const limits = deps.rateLimits;

    api.get(
      '/terms',
      {
        config: { permission: 'money.read' },
        schema: {
          tags,
          summary:
            'Fees, minimum, daily limit (and what is used of it) and the new-account hold, per currency',
          response: { 200: PayoutTermsSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => payoutTerms(deps, actorOf(request)),
    );

    api.post(
      '/',
      {
        config: { permission: 'payouts.create' },
        ...deps.idempotency.route(),
        schema: {
          tags,
          summary: 'Start a payout; from the dashboard it waits for a code, from an API key it goes at once',
          description:
            'KYC must be complete (409 KYC_REQUIRED). The account must be the wallet currency, active, and past its hold. 409 INSUFFICIENT_FUNDS when the wallet cannot cover amount plus fee; 409 DAILY_LIMIT over the daily limit.',
          headers: IdempotencyKeyHeaderSchema,
          body: CreatePayoutRequestSchema,
          response: { 201: PayoutSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createPayout(
              { ...deps, log: request.log },
              actorOf(request),
              request.body,
              businessAuditOf(request, actorOf(request)),
              request.headers[IDEMPOTENCY_KEY_HEADER],
            ),
          ),
    );

    api.post(
      '/:payoutId/confirm',
      {
        config: { permission: 'payouts.create' },
        onRequest: limits.perIp('auth'),
        // Code guesses count with the merchant's password guesses, like every second-factor check.
        preHandler: (request, reply) =>
          countPasswordCheck(limits, request, reply, `user:${confirmerOf(actorOf(request))}`),
        schema: {
          tags,
          summary:
            'Confirm a payout with the two-factor code (or the emailed code); the money leaves the wallet',
          params: PayoutIdParamsSchema,
          body: ConfirmPayoutRequestSchema,
          response: { 200: PayoutSchema, ...errors, 429: ApiErrorSchema },
        },
      },
      async (request) =>
        confirmPayout(
          { ...deps, log: request.log },
          actorOf(request),
          request.params.payoutId,
          request.body,
          businessAuditOf(request, actorOf(request)),
        ),
    );

    api.post(
      '/:payoutId/resend-code',
      {
        config: { permission: 'payouts.create' },
        onRequest: limits.perIp('auth'),
        schema: {
          tags,
          summary:
            'Email a new confirmation code for a payout waiting for one (the previous code stops working; the payout waits as long again)',
          params: PayoutIdParamsSchema,
          response: { 200: PayoutSchema, ...errors, 429: ApiErrorSchema },
        },
      },
      async (request) => resendPayoutCode(deps, actorOf(request), request.params.payoutId),
    );

    api.get(
      '/',
      {
        config: { permission: 'money.read' },
        schema: {
          tags,
          summary: 'The latest 100 payouts, newest first',
          response: { 200: PayoutListSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => listPayouts(deps, actorOf(request)),
    );

    api.get(
      '/:payoutId',
      {
        config: { permission: 'money.read' },
        schema: {
          tags,
          summary: 'One payout',
          params: PayoutIdParamsSchema,
          response: { 200: PayoutSchema, ...errors },
        },
      },
      async (request) => getPayout(deps, actorOf(request), request.params.payoutId),
    );
  });
}
