import { randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyDetails } from '@bizdash/shared';
import { atMostEvery } from '../../lib/at-most-every.ts';
import { now as clockNow } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppDeps } from '../../types.ts';
import { type AuditContext, recordAuditEvent } from '../audit/index.ts';
import {
  deleteAllKeys,
  findKeyByHash,
  insertKey,
  listWorkingKeys,
  retireCurrentKey,
  touchKey,
} from './api-keys.repository.ts';

export type ApiKeyDeps = Pick<AppDeps, 'database' | 'keys' | 'secretBox' | 'config' | 'testMode'>;

const RANDOM_BYTES = 32;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// ceil(256 / log2(62)): every 32-byte value fits, so every key has the same length.
const BASE62_LENGTH = 43;
const HOUR_MS = 3_600_000;
const TOUCH_EVERY_MS = 60_000;

function base62(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(BASE62_LENGTH, '0');
}

/** `bzk_test_…` while providers are sandboxes, `bzk_live_…` otherwise: a key says which money it moves. */
function newApiKey(testMode: boolean): string {
  return `${API_KEY_PREFIX}${testMode ? 'test' : 'live'}_${base62(randomBytes(RANDOM_BYTES))}`;
}

/** Keyed, so a leaked table cannot be checked against guesses without the instance secret too. */
const hashKey = (deps: Pick<AppDeps, 'keys'>, key: string) => deps.keys.hmac('api-keys', key);

const sealContext = (id: string) => `api-key:${id}`;

/**
 * A new current key for the user. The one it replaces keeps working for the configured overlap, so a merchant can
 * deploy the new key before the old one stops; a key already in its overlap stops now (two keys at most).
 */
export async function generateKey(
  deps: ApiKeyDeps,
  userId: string,
  audit: AuditContext & { businessId: string },
): Promise<void> {
  // lib/clock: the demo seed rolls its developer's key at a past moment of its team's activity.
  const now = clockNow();
  const overlapEnds = new Date(now.getTime() + deps.config.apiKeys.rollOverlapHours * HOUR_MS);
  const key = newApiKey(deps.testMode);
  const id = randomUUID();
  await deps.database.db.transaction(async (tx) => {
    const retired = await retireCurrentKey(tx, userId, overlapEnds, now);
    if (!retired) throw notFound('User not found');
    await insertKey(tx, {
      id,
      userId,
      keyHash: hashKey(deps, key),
      keySealed: deps.secretBox.seal(key, sealContext(id)),
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      ...audit,
      action: retired.retiredKeyId ? 'api_key.rolled' : 'api_key.generated',
      target: { type: 'api_key', id },
      details: {
        userId,
        mode: deps.testMode ? 'test' : 'live',
        ...(retired.retiredKeyId
          ? { previousKeyId: retired.retiredKeyId, previousKeyExpiresAt: overlapEnds.toISOString() }
          : {}),
      },
    });
  });
}

/** Every key of the user, the one in its overlap included, stops at once. */
export async function deleteKeys(
  deps: ApiKeyDeps,
  userId: string,
  audit: AuditContext & { businessId: string },
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const deleted = await deleteAllKeys(tx, userId, new Date());
    await recordAuditEvent(tx, {
      ...audit,
      action: 'api_key.deleted',
      target: { type: 'user', id: userId },
      details: { userId, keyIds: deleted.map((key) => key.id) },
    });
  });
}

type KeyDetails = Omit<
  ApiKeyDetails,
  'webhookUrl' | 'webhookSecret' | 'previousWebhookSecretExpiresAt' | 'webhookDisabledReason'
>;

/** What Developer Settings shows of the user's keys; the webhook part is the webhooks feature's. */
export async function keyDetailsFor(deps: ApiKeyDeps, userId: string): Promise<KeyDetails> {
  return keyDetailsOf(deps, await listWorkingKeys(deps.database.db, userId, new Date()));
}

interface WorkingKey {
  id: string;
  keySealed: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** keyDetailsFor's answer from the user's working keys, newest first, however they were read. */
export function keyDetailsOf(deps: Pick<ApiKeyDeps, 'secretBox' | 'config'>, keys: WorkingKey[]): KeyDetails {
  const current = keys.find((key) => key.expiresAt === null);
  const previous = keys.find((key) => key.expiresAt !== null);
  return {
    apiKey: current ? deps.secretBox.open(current.keySealed, sealContext(current.id)) : null,
    createdAt: current?.createdAt.toISOString() ?? null,
    lastUsedAt: current?.lastUsedAt?.toISOString() ?? null,
    previousKeyExpiresAt: previous?.expiresAt?.toISOString() ?? null,
    keyRollOverlapHours: deps.config.apiKeys.rollOverlapHours,
  };
}

export interface KeyHolder {
  keyId: string;
  /** The merchant: the key's user, or its parent when the key is an app's. */
  ownerId: string;
  /** Whom the key acts for: the merchant or that one app, never another. */
  actingUserId: string;
  /** What names the key in the audit trail: its mode and first characters, never enough to use it. */
  keyPrefix: string;
}

/** `bzk_test_` or `bzk_live_` and the first four random characters: which key, not the key (ADR 054). */
const KEY_PREFIX_RANDOM_CHARS = 4;
function apiKeyPrefixOf(key: string): string {
  const mode = key.indexOf('_', API_KEY_PREFIX.length);
  return key.slice(0, (mode < 0 ? API_KEY_PREFIX.length : mode + 1) + KEY_PREFIX_RANDOM_CHARS);
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * Who a presented key acts for, or null for an unknown, deleted or expired key (or an archived app's). Records
 * when it was last used, at most once a minute per key: remembered here so most requests write nothing.
 */
export function createKeyAuthenticator(deps: Pick<AppDeps, 'database' | 'keys'>) {
  const touchDue = atMostEvery(TOUCH_EVERY_MS);
  return async (key: string): Promise<KeyHolder | null> => {
    const found = await findKeyByHash(deps.database.db, hashKey(deps, key));
    const now = new Date();
    if (!found || found.archivedAt || (found.expiresAt && found.expiresAt <= now)) return null;
    if (touchDue(found.id, now.getTime(), found.lastUsedAt?.getTime())) {
      await touchKey(deps.database.db, found.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
    }
    return {
      keyId: found.id,
      ownerId: found.parentUserId ?? found.userId,
      actingUserId: found.userId,
      keyPrefix: apiKeyPrefixOf(key),
    };
  };
}
