import { type SQL, sql } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { type EndpointJson, webhookEndpointOf } from '../webhooks/index.ts';

/** A working key as JSON (timestamps as text): what Developer Settings shows of it, sealed. */
interface WorkingKeyJson {
  id: string;
  keySealed: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** The `apiKey` object's rows as one JSON value: the working keys, newest first, and the webhook endpoint. */
export interface ApiKeyDetailsJson {
  keys: WorkingKeyJson[];
  webhook: EndpointJson | null;
}

/**
 * The user's keys that still work at `now` (as listWorkingKeys reads them) and its webhook endpoint, for GET
 * /api/users/{id}'s one statement (ADR 064); apiKeyDetailsFromJson makes the `apiKey` object of it. Keys are
 * written only through the face's verbs.
 */
export const apiKeyDetailsOf = (userId: SQL, now: SQL) => sql<ApiKeyDetailsJson>`json_build_object(
  'keys', coalesce((
    select json_agg(json_build_object(
      'id', ${apiKeys.id},
      'keySealed', ${apiKeys.keySealed},
      'createdAt', ${apiKeys.createdAt},
      'expiresAt', ${apiKeys.expiresAt},
      'lastUsedAt', ${apiKeys.lastUsedAt}) order by ${apiKeys.createdAt} desc)
    from ${apiKeys}
    where ${apiKeys.userId} = ${userId} and ${apiKeys.deletedAt} is null
      and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > ${now})), '[]'::json),
  'webhook', ${webhookEndpointOf(userId)})`;
