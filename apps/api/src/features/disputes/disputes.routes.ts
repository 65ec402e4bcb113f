import {
  ApiErrorSchema,
  DISPUTE_FILE_MAX_BYTES,
  DisputeDetailSchema,
  DisputeEvidenceRequestSchema,
  DisputeFileSchema,
  DisputeIdParamsSchema,
  DisputeListQuerySchema,
  DisputePageSchema,
  DisputeSummarySchema,
} from '@bizdash/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { nonJsonResponse } from '../../lib/openapi-responses.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import {
  attachment,
  gatedUpload,
  multipartRoute,
  registerMultipart,
  sendStored,
  withMultipart,
} from '../files/index.ts';
import { answerableDispute, evidenceFile, uploadEvidenceFile } from './dispute-files.ts';
import {
  acceptDispute,
  disputeSummary,
  getDispute,
  listOwnDisputes,
  saveEvidence,
} from './disputes.service.ts';

const tags = ['disputes'];

const EvidenceFileFormSchema = z.object({
  file: z
    .file()
    .mime(['image/png', 'image/jpeg', 'application/pdf'])
    .max(DISPUTE_FILE_MAX_BYTES)
    .meta({ description: 'One evidence file: png, jpeg or pdf by its bytes, 10 MB at most' }),
});

const EvidenceFileParamsSchema = DisputeIdParamsSchema.extend({
  fileId: z.uuid({ error: 'File not found' }),
});

/** Disputes (chargebacks) of card payments (issue 22 §2, ADR 051). */
export function disputesRoutes(deps: AppDeps) {
  const gate = { storage: deps.config.storage, db: deps.database.db };
  return typedRoutes(async (api, app) => {
    await registerMultipart(app);

    api.post(
      '/:disputeId/files',
      {
        config: { permission: 'disputes.answer' },
        ...multipartRoute,
        schema: {
          tags,
          summary: 'Upload one evidence file for the dispute (receipt, proof of delivery, correspondence)',
          description:
            "The `file` field: png, jpeg or pdf by its bytes, 10 MB at most; it counts against the merchant's storage quota (413 when full). Name it in the evidence's fileIds to attach it. 409 DISPUTE_NOT_OPEN once the dispute is answered or decided.",
          consumes: ['multipart/form-data'],
          params: DisputeIdParamsSchema,
          body: EvidenceFileFormSchema,
          response: {
            201: DisputeFileSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
            413: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        // Whose dispute and whether it takes files, before the body is read.
        const dispute = await answerableDispute(deps, actor, request.params.disputeId);
        const stored = await gatedUpload(gate, { request, reply, userId: actor.actingUserId }, () =>
          withMultipart(request, (form) => uploadEvidenceFile(deps, actor, dispute, form)),
        );
        return reply.code(201).send(stored);
      },
    );

    api.get(
      '/:disputeId/files/:fileId',
      {
        config: { permission: 'customers.read' },
        schema: {
          tags,
          summary: 'Download one evidence file of the dispute (as an attachment)',
          params: EvidenceFileParamsSchema,
          response: {
            200: nonJsonResponse('The evidence file, as an attachment', ['*/*']),
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const file = await evidenceFile(
          deps,
          actorOf(request),
          request.params.disputeId,
          request.params.fileId,
        );
        reply.header('cache-control', 'private, no-store');
        return sendStored(reply, deps.storage, file, attachment(file.originalName ?? 'evidence'));
      },
    );
    api.get(
      '/',
      {
        config: { permission: 'customers.read' },
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
        config: { permission: 'customers.read' },
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
        config: { permission: 'customers.read' },
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
        config: { permission: 'disputes.answer' },
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
      async (request) =>
        saveEvidence(
          deps,
          actorOf(request),
          request.params.disputeId,
          request.body,
          businessAuditOf(request, actorOf(request)),
        ),
    );

    api.post(
      '/:disputeId/accept',
      {
        config: { permission: 'disputes.answer' },
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
      async (request) =>
        acceptDispute(
          deps,
          actorOf(request),
          request.params.disputeId,
          businessAuditOf(request, actorOf(request)),
        ),
    );
  });
}
