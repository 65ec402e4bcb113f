import { randomUUID } from 'node:crypto';
import { INVALID_WEBHOOK_URL, WEBHOOK_URL_MAX, type WebhookSettings } from '@bizdash/shared';
import { type Config, privateWebhookTargetsAllowed } from '../../config.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import {
  allowedUrl,
  checkResolvedHost,
  type OutboundPolicy,
  OutboundRefusedError,
  publicOnly,
} from '../../lib/outbound-http.ts';
import type { AppDeps } from '../../types.ts';
import { type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { privateTargetRefusal } from './webhook-sender.ts';
import { newSecret, secretContext } from './webhook-signing.ts';
import type { EndpointJson } from './webhooks.joins.ts';
import {
  type EndpointRow,
  findEndpoint,
  lockEndpoint,
  replaceSecret,
  upsertEndpointUrl,
} from './webhooks.repository.ts';

export type WebhookDeps = Pick<AppDeps, 'database' | 'secretBox' | 'config'>;

const ROLLED_MEANWHILE =
  'The signing secret was rolled at the same time elsewhere. Reload to see the current one.';

const PUBLIC_TARGETS = publicOnly(['http:', 'https:']);
/** ALLOW_PRIVATE_WEBHOOK_TARGETS: local development and tests deliver to receivers on this machine. */
const ANY_TARGET: OutboundPolicy = { protocols: ['http:', 'https:'], isAllowedAddress: () => true };

/** Where webhooks may go: public addresses only, unless the instance allows private ones. */
export const webhookPolicy = (config: Config): OutboundPolicy =>
  privateWebhookTargetsAllowed(config) ? ANY_TARGET : PUBLIC_TARGETS;

/**
 * The URL, trimmed, when deliveries could reach it: a malformed one is SPEC's 'Invalid webhook URL'; one whose
 * address (literal, or every address its host name resolves to now) is private says so and names the setting.
 * The same check is made again at each connection, since a name may resolve elsewhere later.
 */
async function checkedWebhookUrl(config: Config, raw: string): Promise<string> {
  const url = raw.trim();
  if (url.length === 0 || url.length > WEBHOOK_URL_MAX) throw badRequest(INVALID_WEBHOOK_URL);
  const policy = webhookPolicy(config);
  try {
    const { hostname } = allowedUrl(url, policy);
    if (policy !== ANY_TARGET) await checkResolvedHost(hostname.replace(/^\[|\]$/g, ''), policy);
  } catch (error) {
    if (!(error instanceof OutboundRefusedError)) throw error;
    if (!error.address) throw badRequest(INVALID_WEBHOOK_URL);
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    const where = host === error.address ? host : `${host} is ${error.address}`;
    throw badRequest(privateTargetRefusal(where), 'PRIVATE_WEBHOOK_TARGET');
  }
  return url;
}

/**
 * Stores or replaces the user's webhook URL. The first time, a signing secret is made; later saves keep it (the
 * receiver already verifies with it). Saving re-enables an endpoint that was disabled. The audit trail gets the URL
 * before and after (never the secret).
 */
export async function setWebhookUrl(
  deps: WebhookDeps,
  userId: string,
  url: string,
  audit: BusinessAuditContext,
): Promise<void> {
  const checked = await checkedWebhookUrl(deps.config, url);
  const id = randomUUID();
  await deps.database.db.transaction(async (tx) => {
    const before = await lockEndpoint(tx, userId);
    await upsertEndpointUrl(tx, {
      id,
      userId,
      url: checked,
      secretSealed: deps.secretBox.seal(newSecret(), secretContext(id)),
    });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'webhook.url_changed',
      target: { type: 'webhook_endpoint', id: before?.id ?? id },
      details: { userId, before: before?.url ?? null, after: checked },
    });
  });
}

type ShownEndpoint = Pick<
  EndpointRow,
  'id' | 'url' | 'secretSealed' | 'previousSecretExpiresAt' | 'disabledAt' | 'disabledReason'
>;

function settingsOf(
  deps: Pick<WebhookDeps, 'secretBox'>,
  endpoint: ShownEndpoint | undefined,
): WebhookSettings {
  if (!endpoint) {
    return { webhookUrl: null, webhookSecret: null, previousSecretExpiresAt: null, disabledReason: null };
  }
  const expires = endpoint.previousSecretExpiresAt;
  return {
    webhookUrl: endpoint.url,
    webhookSecret: deps.secretBox.open(endpoint.secretSealed, secretContext(endpoint.id)),
    previousSecretExpiresAt: expires && expires > new Date() ? expires.toISOString() : null,
    disabledReason: endpoint.disabledAt ? endpoint.disabledReason : null,
  };
}

/** The user's URL, current secret, the end of a roll's overlap and why deliveries stopped (all null when unset). */
export async function webhookSettingsFor(deps: WebhookDeps, userId: string): Promise<WebhookSettings> {
  return settingsOf(deps, await findEndpoint(deps.database.db, userId));
}

/** webhookSettingsFor's answer from the endpoint a statement read as JSON (webhookEndpointOf). */
export function webhookSettingsFromJson(
  deps: Pick<WebhookDeps, 'secretBox'>,
  endpoint: EndpointJson | null,
): WebhookSettings {
  const at = (text: string | null) => (text === null ? null : new Date(text));
  return settingsOf(
    deps,
    endpoint
      ? {
          ...endpoint,
          previousSecretExpiresAt: at(endpoint.previousSecretExpiresAt),
          disabledAt: at(endpoint.disabledAt),
        }
      : undefined,
  );
}

/**
 * A new signing secret; the old one keeps signing (a second `v1,` signature) for WEBHOOK_SECRET_ROLL_OVERLAP_HOURS,
 * so the merchant can move their receiver over without a failed delivery. Null when no URL is set.
 */
export async function rollEndpointSecret(
  deps: WebhookDeps,
  userId: string,
  audit: BusinessAuditContext,
): Promise<WebhookSettings | null> {
  const hours = deps.config.webhooks.secretRollOverlapHours;
  const rolled = await deps.database.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, userId);
    if (!endpoint) return false;
    const previousSecretExpiresAt = new Date(Date.now() + hours * 3_600_000);
    const replaced = await replaceSecret(tx, endpoint.id, {
      secretSealed: deps.secretBox.seal(newSecret(), secretContext(endpoint.id)),
      previousSecretSealed: endpoint.secretSealed,
      previousSecretExpiresAt,
    });
    if (!replaced) throw conflict(ROLLED_MEANWHILE);
    await recordAuditEvent(tx, {
      ...audit,
      action: 'webhook.secret_rolled',
      target: { type: 'webhook_endpoint', id: endpoint.id },
      details: { userId, url: endpoint.url, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() },
    });
    return true;
  });
  return rolled ? webhookSettingsFor(deps, userId) : null;
}
