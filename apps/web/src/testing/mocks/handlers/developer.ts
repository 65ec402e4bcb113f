import {
  ApiKeyDetailsSchema,
  pageOf,
  UpdateApiDetailsRequestSchema,
  UserIdParamsSchema,
  UserSchema,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  WebhookDeliveryAttemptsSchema,
  WebhookDeliveryIdParamsSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliverySchema,
  WebhookSettingsSchema,
  WebhookTestRequestSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import {
  apiError,
  contractJson,
  jsonBody,
  notFound,
  pageWindow,
  parseOr400,
  queryOf,
  requireSession,
} from '../utils';

const USER_NOT_FOUND = 'User not found';
const HOUR_MS = 3_600_000;
export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrZnKw6wJc0r0QmTVnIzLbb0TRRVl9ZLs=';
export const ROLLED_WEBHOOK_SECRET = 'whsec_R0lledSecretR0lledSecretR0lledSecret12345=';

/** Every attempt of the delivery, newest first, as the log's last answer says they went. */
const attemptsOf = (delivery: WebhookDelivery): WebhookDeliveryAttempt[] =>
  db.deliveryAttempts[delivery.id] ??
  Array.from({ length: delivery.attempts }, (_, index) => ({
    attempt: delivery.attempts - index,
    attemptedAt: delivery.lastAttemptAt ?? delivery.createdAt,
    durationMs: 120,
    responseCode: delivery.lastResponseCode,
    responseBody: delivery.lastResponseBody,
    error: delivery.lastError,
  }));

let deliveryCounter = 0;

/** A delivery that passes the shared schema; each call gets a fresh `msg_` id. */
export function buildDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  deliveryCounter += 1;
  return WebhookDeliverySchema.parse({
    id: `msg_${String(deliveryCounter).padStart(26, '0')}`,
    eventType: 'payment.succeeded',
    eventId: null,
    test: false,
    status: 'succeeded',
    attempts: 1,
    createdAt: '2026-11-25T10:15:00.000Z',
    lastAttemptAt: '2026-11-25T10:15:01.000Z',
    nextAttemptAt: null,
    lastResponseCode: 200,
    lastResponseBody: 'ok',
    lastError: null,
    payload: '{"type":"payment.succeeded"}',
    ...overrides,
  });
}

function ownUser(userId: string): void {
  if (userId !== db.user.recordId) throw notFound(USER_NOT_FOUND);
}

function setApiKey(changes: Partial<typeof db.user.apiKey>): void {
  db.user = UserSchema.parse({ ...db.user, apiKey: { ...db.user.apiKey, ...changes } });
}

function enabledEndpoint() {
  const { webhookUrl, webhookDisabledReason } = db.user.apiKey;
  if (!webhookUrl) throw apiError(409, 'Save a webhook URL first.', 'NO_WEBHOOK_URL');
  if (webhookDisabledReason) {
    throw apiError(409, 'This webhook endpoint is disabled.', 'WEBHOOK_ENDPOINT_DISABLED');
  }
}

/** Developer Settings' endpoints: API key, webhook, and the delivery log over db.webhookDeliveries. */
export const developerHandlers = [
  http.put('/api/users/update-api-details', async ({ request }) => {
    requireSession(request);
    const body = parseOr400(UpdateApiDetailsRequestSchema, await jsonBody(request));
    ownUser(body.userId);
    const now = new Date().toISOString();
    const current = db.user.apiKey;
    if (body.webhookUrl !== undefined) {
      setApiKey({
        webhookUrl: body.webhookUrl,
        webhookSecret: current.webhookSecret ?? WEBHOOK_SECRET,
        webhookDisabledReason: null,
      });
    } else if (body.generateNewKey) {
      db.apiKeysGenerated += 1;
      setApiKey({
        apiKey: `bzk_test_${String(db.apiKeysGenerated).padStart(4, '0')}Vf8QmZ0kR2pXc7LbN9sTq1WyE3uHd6GjA5oKi0`,
        createdAt: now,
        lastUsedAt: null,
        previousKeyExpiresAt: current.apiKey
          ? new Date(Date.now() + current.keyRollOverlapHours * HOUR_MS).toISOString()
          : null,
      });
    } else {
      setApiKey({ apiKey: null, createdAt: null, lastUsedAt: null, previousKeyExpiresAt: null });
    }
    return contractJson(ApiKeyDetailsSchema, db.user.apiKey);
  }),

  http.get('/api/users/:userId/webhook-deliveries', ({ request, params }) => {
    requireSession(request);
    ownUser(parseOr400(UserIdParamsSchema, params).userId);
    const query = parseOr400(WebhookDeliveryQuerySchema, queryOf(request));
    const shown = db.webhookDeliveries.filter(
      (delivery) => !query.status || delivery.status === query.status,
    );
    const [items, meta] = pageWindow(shown, query);
    return contractJson(WebhookDeliveryPageSchema, pageOf(items, query, meta.totalElements));
  }),

  http.get('/api/users/:userId/webhook-deliveries/:deliveryId/attempts', ({ request, params }) => {
    requireSession(request);
    const { userId, deliveryId } = parseOr400(WebhookDeliveryIdParamsSchema, params);
    ownUser(userId);
    const delivery = db.webhookDeliveries.find((candidate) => candidate.id === deliveryId);
    if (!delivery) return notFound('Webhook delivery not found');
    return contractJson(WebhookDeliveryAttemptsSchema, { items: attemptsOf(delivery) });
  }),

  http.post('/api/users/:userId/webhook-deliveries/:deliveryId/resend', ({ request, params }) => {
    requireSession(request);
    const { userId, deliveryId } = parseOr400(WebhookDeliveryIdParamsSchema, params);
    ownUser(userId);
    enabledEndpoint();
    const delivery = db.webhookDeliveries.find((candidate) => candidate.id === deliveryId);
    if (!delivery) return notFound('Delivery not found');
    db.resentDeliveries.push(deliveryId);
    const resent = {
      ...delivery,
      status: 'succeeded' as const,
      attempts: delivery.attempts + 1,
      lastResponseCode: 200,
    };
    db.webhookDeliveries = db.webhookDeliveries.map((row) => (row.id === deliveryId ? resent : row));
    return contractJson(WebhookDeliverySchema, resent, 202);
  }),

  http.post('/api/users/:userId/webhooks/test', async ({ request, params }) => {
    requireSession(request);
    ownUser(parseOr400(UserIdParamsSchema, params).userId);
    const { type } = parseOr400(WebhookTestRequestSchema, await jsonBody(request));
    enabledEndpoint();
    const delivery = buildDelivery({ eventType: type, test: true, createdAt: new Date().toISOString() });
    db.webhookDeliveries = [delivery, ...db.webhookDeliveries];
    return contractJson(WebhookDeliverySchema, delivery, 202);
  }),

  http.post('/api/users/:userId/webhooks/roll-secret', ({ request, params }) => {
    requireSession(request);
    ownUser(parseOr400(UserIdParamsSchema, params).userId);
    if (!db.user.apiKey.webhookUrl) return apiError(409, 'Save a webhook URL first.', 'NO_WEBHOOK_URL');
    const previousSecretExpiresAt = new Date(Date.now() + 24 * HOUR_MS).toISOString();
    setApiKey({
      webhookSecret: ROLLED_WEBHOOK_SECRET,
      previousWebhookSecretExpiresAt: previousSecretExpiresAt,
    });
    return contractJson(WebhookSettingsSchema, {
      webhookUrl: db.user.apiKey.webhookUrl,
      webhookSecret: ROLLED_WEBHOOK_SECRET,
      previousSecretExpiresAt,
      disabledReason: db.user.apiKey.webhookDisabledReason,
    });
  }),
];
