import {
  type EventEnvelope,
  pageOf,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryQuery,
  type WebhookEventType,
  type WebhookPayload,
  WebhookPayloadSchema,
  type WebhookSettings,
} from '@bizdash/shared';
import type { Db } from '../../db/client.ts';
import { findEventUserId } from '../../jobs/recorded-events.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AppDeps } from '../../types.ts';
import type { BusinessAuditContext } from '../audit/index.ts';
import {
  type DeliveryRow,
  findOwnedDelivery,
  insertDelivery,
  listAttempts,
  listDeliveries,
  requeueOwnedDelivery,
} from './webhook-deliveries.repository.ts';
import { rollEndpointSecret, type WebhookDeps } from './webhook-endpoints.service.ts';
import { samplePayload } from './webhook-samples.ts';
import { newMessageId } from './webhook-signing.ts';
import { type EndpointRow, findEndpoint } from './webhooks.repository.ts';

const DELIVERY_NOT_FOUND = 'Webhook delivery not found';
const NO_WEBHOOK_URL = 'Save a webhook URL first';

const isWebhookEvent = (type: string): type is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventType: row.eventType as WebhookEventType,
  eventId: row.eventId,
  test: row.isTest,
  status: row.status,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  lastResponseCode: row.lastResponseCode,
  lastResponseBody: row.lastResponseBody,
  lastError: row.lastError,
  payload: row.payload,
});

async function queue(db: Db, endpoint: EndpointRow, payload: WebhookPayload, eventId: string | null) {
  return insertDelivery(db, {
    id: newMessageId(),
    endpointId: endpoint.id,
    userId: endpoint.userId,
    eventType: payload.type,
    eventId,
    isTest: eventId === null,
    // The exact bytes signed and sent on every attempt: kept as text so no re-serialisation can change them.
    payload: JSON.stringify(payload),
  });
}

/**
 * The 'webhooks' subscriber: queues the event for the endpoint of the user it belongs to (the merchant or the app
 * whose payment or payout it is), when one is set and enabled. Safe to run twice for one event.
 */
export async function enqueueWebhook({ database }: Pick<AppDeps, 'database'>, event: EventEnvelope) {
  if (!isWebhookEvent(event.type)) return;
  const db = database.db;
  const userId = await findEventUserId(db, event.id);
  const endpoint = userId ? await findEndpoint(db, userId) : undefined;
  if (!endpoint || endpoint.disabledAt) return;
  const payload = WebhookPayloadSchema.parse({
    type: event.type,
    timestamp: event.createdAt,
    data: event.data,
  });
  await queue(db, endpoint, payload, event.id);
}

/** The user's endpoint, able to take deliveries: 409 when no URL is saved or it was disabled. */
async function enabledEndpoint(db: Db, userId: string): Promise<EndpointRow> {
  const endpoint = await findEndpoint(db, userId);
  if (!endpoint) throw conflict(NO_WEBHOOK_URL, 'NO_WEBHOOK_URL');
  if (endpoint.disabledAt) {
    const reason = endpoint.disabledReason ? ` ${endpoint.disabledReason}` : '';
    throw conflict(
      `This webhook endpoint is disabled.${reason} Save its URL again to turn it back on.`,
      'WEBHOOK_ENDPOINT_DISABLED',
    );
  }
  return endpoint;
}

/** The delivery log of a user (the auth scope has checked the caller owns it), newest first. */
export async function getWebhookDeliveries(db: Db, userId: string, query: WebhookDeliveryQuery) {
  const { rows, total } = await listDeliveries(db, userId, query);
  return pageOf(rows.map(toDelivery), query, total);
}

/** Every attempt of one of the user's deliveries, newest first (404 for a delivery that is not theirs). */
export async function getWebhookDeliveryAttempts(db: Db, userId: string, deliveryId: string) {
  if (!(await findOwnedDelivery(db, userId, deliveryId))) throw notFound(DELIVERY_NOT_FOUND);
  const rows = await listAttempts(db, deliveryId);
  return {
    items: rows.map(
      (row): WebhookDeliveryAttempt => ({
        attempt: row.attempt,
        attemptedAt: row.attemptedAt.toISOString(),
        durationMs: row.durationMs,
        responseCode: row.responseCode,
        responseBody: row.responseBody,
        error: row.error,
      }),
    ),
  };
}

/** Sends one delivery again, with its webhook-id and body unchanged (Standard Webhooks: retries keep the id). */
export async function resendWebhookDelivery(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  userId: string,
  id: string,
) {
  const db = deps.database.db;
  if (!(await findOwnedDelivery(db, userId, id))) throw notFound(DELIVERY_NOT_FOUND);
  await enabledEndpoint(db, userId);
  const row = await requeueOwnedDelivery(db, userId, id);
  if (!row) throw notFound(DELIVERY_NOT_FOUND);
  deps.jobs.kick();
  return toDelivery(row);
}

/** A sample event of the type, queued and delivered like any other. */
export async function sendTestWebhook(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  userId: string,
  type: WebhookEventType,
) {
  const db = deps.database.db;
  const endpoint = await enabledEndpoint(db, userId);
  const row = await queue(db, endpoint, samplePayload(type, userId), null);
  if (!row) throw new Error('a test delivery was not queued');
  deps.jobs.kick();
  return toDelivery(row);
}

export async function rollWebhookSecret(
  deps: WebhookDeps,
  userId: string,
  audit: BusinessAuditContext,
): Promise<WebhookSettings> {
  const settings = await rollEndpointSecret(deps, userId, audit);
  if (!settings) throw conflict(NO_WEBHOOK_URL, 'NO_WEBHOOK_URL');
  return settings;
}
