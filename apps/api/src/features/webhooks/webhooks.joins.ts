import { type SQL, sql } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';

/** What Developer Settings shows of an endpoint, as JSON (timestamps as text); webhookSettingsFromJson reads it. */
export interface EndpointJson {
  id: string;
  url: string;
  secretSealed: string;
  previousSecretExpiresAt: string | null;
  disabledAt: string | null;
  disabledReason: string | null;
}

/**
 * The webhook endpoint of the user `userId` names (null when none), for GET /api/users/{id}'s one statement
 * (ADR 064). Endpoints are written only through the face's verbs.
 */
export const webhookEndpointOf = (userId: SQL) => sql<EndpointJson | null>`(
  select json_build_object(
    'id', ${webhookEndpoints.id},
    'url', ${webhookEndpoints.url},
    'secretSealed', ${webhookEndpoints.secretSealed},
    'previousSecretExpiresAt', ${webhookEndpoints.previousSecretExpiresAt},
    'disabledAt', ${webhookEndpoints.disabledAt},
    'disabledReason', ${webhookEndpoints.disabledReason})
  from ${webhookEndpoints} where ${webhookEndpoints.userId} = ${userId})`;
