import {
  ApiErrorSchema,
  UserIdParamsSchema,
  WebhookDeliveryAttemptsSchema,
  WebhookDeliveryIdParamsSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliverySchema,
  WebhookSettingsSchema,
  WebhookTestRequestSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { noStore } from '../../lib/no-store.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import {
  getWebhookDeliveries,
  getWebhookDeliveryAttempts,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendTestWebhook,
} from './webhooks.service.ts';

/**
 * The delivery log, resend, test events and the secret's roll, for the merchant or one of its apps: the user the
 * path names, which the signed-in scope has checked is theirs (anyone else's is a 404) and made the acting user.
 * The URL itself is saved through PUT /api/users/update-api-details.
 */
export function webhooksRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    const common = { tags: ['webhooks'], params: UserIdParamsSchema };
    const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
    const db = deps.database.db;

    api.get(
      '/:userId/webhook-deliveries',
      {
        config: { dashboardOnly: true, permission: 'developers.manage' },
        schema: {
          ...common,
          summary:
            'The webhook delivery log, newest first (of one status with ?status=): event type, time, attempts, status, the last answer (code and first 1 KB) and the body sent',
          querystring: WebhookDeliveryQuerySchema,
          response: { 200: WebhookDeliveryPageSchema, ...errors },
        },
      },
      async (request) => getWebhookDeliveries(db, actorOf(request).actingUserId, request.query),
    );

    api.get(
      '/:userId/webhook-deliveries/:deliveryId/attempts',
      {
        config: { dashboardOnly: true, permission: 'developers.manage' },
        schema: {
          ...common,
          params: WebhookDeliveryIdParamsSchema,
          summary:
            'Every attempt of one delivery, newest first: when, how long it took, the answer (code and first 1 KB) or why there was none',
          response: { 200: WebhookDeliveryAttemptsSchema, ...errors },
        },
      },
      async (request) =>
        getWebhookDeliveryAttempts(db, actorOf(request).actingUserId, request.params.deliveryId),
    );

    api.post(
      '/:userId/webhook-deliveries/:deliveryId/resend',
      {
        config: { dashboardOnly: true, permission: 'developers.manage' },
        schema: {
          ...common,
          params: WebhookDeliveryIdParamsSchema,
          summary:
            'Send one delivery again, now, with the same webhook-id and body (receivers deduplicate on the id); its retries start over',
          response: { 202: WebhookDeliverySchema, 409: ApiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const delivery = await resendWebhookDelivery(
          deps,
          actorOf(request).actingUserId,
          request.params.deliveryId,
        );
        return reply.code(202).send(delivery);
      },
    );

    api.post(
      '/:userId/webhooks/test',
      {
        config: { dashboardOnly: true, permission: 'developers.manage' },
        schema: {
          ...common,
          summary:
            'Send a test event of a type (payment.*, payout.*, refund.*) with sample data, signed and delivered like any other',
          body: WebhookTestRequestSchema,
          response: { 202: WebhookDeliverySchema, 409: ApiErrorSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await sendTestWebhook(deps, actorOf(request).actingUserId, request.body.type)),
    );

    api.post(
      '/:userId/webhooks/roll-secret',
      {
        onSend: noStore,
        config: { dashboardOnly: true, permission: 'developers.manage' },
        schema: {
          ...common,
          summary:
            'Replace the signing secret; the old one keeps signing too (a second v1 signature) for WEBHOOK_SECRET_ROLL_OVERLAP_HOURS (24 by default)',
          response: { 200: WebhookSettingsSchema, 409: ApiErrorSchema, ...errors },
        },
      },
      async (request) =>
        rollWebhookSecret(deps, actorOf(request).actingUserId, businessAuditOf(request, actorOf(request))),
    );
  });
}
