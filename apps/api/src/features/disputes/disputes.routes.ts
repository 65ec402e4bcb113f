import {
  ApiErrorSchema,
  DisputeDetailSchema,
  DisputeEvidenceRequestSchema,
  DisputeIdParamsSchema,
  DisputeListQuerySchema,
  DisputePageSchema,
  DisputeSummarySchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import {
  acceptDispute,
  disputeSummary,
  getDispute,
  listOwnDisputes,
  saveEvidence,
} from './disputes.service.ts';

const tags = ['disputes'];

/** Disputes (chargebacks) of card payments (issue 22 §2, ADR 051). */
export function disputesRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.get(
      '/',
      {
        schema: {
          tags,
          summary: "The acting user's disputes: the ones needing an answer first (soonest due), then newest",
          description:
            'Optionally in one status or of one payment (transactionId: the payment transaction). needsResponseCount counts all the disputes needing an answer, whatever the filter (the sidebar badge).',
          querystring: DisputeListQuerySchema,
          response: { 200: DisputePageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => listOwnDisputes(deps, actorOf(request), request.query),
    );

    api.get(
      '/summary',
      {
        schema: {
          tags,
          summary: 'How many disputes need an answer (the sidebar badge)',
          response: { 200: DisputeSummarySchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => disputeSummary(deps, actorOf(request)),
    );

    api.get(
      '/:disputeId',
      {
        schema: {
          tags,
          summary: 'One dispute with its payment, evidence and timeline',
          params: DisputeIdParamsSchema,
          response: {
            200: DisputeDetailSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request) => getDispute(deps, actorOf(request), request.params.disputeId),
    );

    api.post(
      '/:disputeId/evidence',
      {
        schema: {
          tags,
          summary: "Save the dispute's evidence as a draft, or submit it to the card network (submit: true)",
          description:
            'Every call replaces the whole draft. fileIds are files the acting user uploaded (400 UNKNOWN_FILE otherwise). With submit: true the evidence is sent to the card network and the dispute is UNDER_REVIEW until decided (WON: the held amount back in the wallet; LOST). 409 DISPUTE_NOT_OPEN once answered or decided, DISPUTE_PAST_DUE after evidenceDueBy.',
          params: DisputeIdParamsSchema,
          body: DisputeEvidenceRequestSchema,
          response: {
            200: DisputeDetailSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request) => saveEvidence(deps, actorOf(request), request.params.disputeId, request.body),
    );

    api.post(
      '/:disputeId/accept',
      {
        schema: {
          tags,
          summary:
            "Accept the dispute: the held amount goes to the customer's bank and the dispute is closed",
          description: '409 DISPUTE_NOT_OPEN once answered or decided, DISPUTE_PAST_DUE after evidenceDueBy.',
          params: DisputeIdParamsSchema,
          response: {
            200: DisputeDetailSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request) => acceptDispute(deps, actorOf(request), request.params.disputeId),
    );
  });
}
