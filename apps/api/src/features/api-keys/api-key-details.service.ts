import type { ApiKeyDetails, UpdateApiDetailsRequest, WebhookSettings } from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import { setWebhookUrl, webhookSettingsFor, webhookSettingsFromJson } from '../webhooks/index.ts';
import type { ApiKeyDetailsJson } from './api-keys.joins.ts';
import { type ApiKeyDeps, deleteKeys, generateKey, keyDetailsFor, keyDetailsOf } from './api-keys.service.ts';

/**
 * What a request made with an API key reads of `apiKey`: never a key or a signing secret. A replaced key in its
 * overlap would otherwise read the key that replaced it, and any key the secret that proves webhooks are ours
 * (ADR 037); Developer Settings, a signed-in session, still shows both.
 */
const withoutSecrets = (details: ApiKeyDetails): ApiKeyDetails => ({
  ...details,
  apiKey: null,
  webhookSecret: null,
});

/**
 * The `apiKey` object of GET /api/users/{id}: the user's key and its webhook, for the user's owner only; a request
 * made with an API key reads it without secrets.
 */
export async function apiKeyDetailsFor(
  deps: ApiKeyDeps,
  userId: string,
  via: Actor['via'],
): Promise<ApiKeyDetails> {
  const [keys, webhook] = await Promise.all([keyDetailsFor(deps, userId), webhookSettingsFor(deps, userId)]);
  return detailsOf(keys, webhook, via);
}

/** apiKeyDetailsFor's answer from what GET /api/users/{id}'s one statement read (apiKeyDetailsOf, ADR 064). */
export function apiKeyDetailsFromJson(
  deps: Pick<ApiKeyDeps, 'secretBox' | 'config'>,
  json: ApiKeyDetailsJson,
  via: Actor['via'],
): ApiKeyDetails {
  const at = (text: string | null) => (text === null ? null : new Date(text));
  const keys = json.keys.map((key) => ({
    ...key,
    createdAt: new Date(key.createdAt),
    expiresAt: at(key.expiresAt),
    lastUsedAt: at(key.lastUsedAt),
  }));
  return detailsOf(keyDetailsOf(deps, keys), webhookSettingsFromJson(deps, json.webhook), via);
}

function detailsOf(
  keys: ReturnType<typeof keyDetailsOf>,
  webhook: WebhookSettings,
  via: Actor['via'],
): ApiKeyDetails {
  const details = {
    ...keys,
    webhookUrl: webhook.webhookUrl,
    webhookSecret: webhook.webhookSecret,
    previousWebhookSecretExpiresAt: webhook.previousSecretExpiresAt,
    webhookDisabledReason: webhook.disabledReason,
  };
  return via === 'api_key' ? withoutSecrets(details) : details;
}

/**
 * PUT /api/users/update-api-details: exactly one change (the schema holds to that) for the user the request acts
 * for, which the signed-in scope has already confined to the caller's own account.
 */
export async function updateApiDetails(
  deps: ApiKeyDeps,
  actor: Actor,
  body: UpdateApiDetailsRequest,
  request: FastifyRequest,
): Promise<ApiKeyDetails> {
  const userId = actor.actingUserId;
  const audit = businessAuditOf(request, actor);
  if (body.webhookUrl !== undefined) await setWebhookUrl(deps, userId, body.webhookUrl, audit);
  else if (body.generateNewKey) await generateKey(deps, userId, audit);
  else if (body.deleteKey) await deleteKeys(deps, userId, audit);
  return apiKeyDetailsFor(deps, userId, 'session');
}
