import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export async function findEndpoint(db: DbOrTx, userId: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row;
}

/** The user's endpoint, locked until the transaction ends: what a change replaces is read under it. */
export async function lockEndpoint(tx: DbOrTx, userId: string): Promise<EndpointRow | undefined> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .for('update');
  return row;
}

/**
 * Saves the user's URL: a new endpoint with the given (sealed) secret, or the existing one with its URL replaced
 * and re-enabled (its secrets kept: the merchant's receiver already verifies with them).
 */
export async function upsertEndpointUrl(
  db: DbOrTx,
  endpoint: { id: string; userId: string; url: string; secretSealed: string },
) {
  await db
    .insert(webhookEndpoints)
    .values(endpoint)
    .onConflictDoUpdate({
      target: webhookEndpoints.userId,
      set: {
        url: endpoint.url,
        disabledAt: null,
        disabledReason: null,
        failingSince: null,
        updatedAt: new Date(),
      },
    });
}

/** A rolled secret: the new one signs from now on, the old one too until `previousExpiresAt`. */
/** Replaces the secret unless another roll replaced it first (false): each roll keeps the one before it. */
export async function replaceSecret(
  db: DbOrTx,
  endpointId: string,
  secrets: { secretSealed: string; previousSecretSealed: string; previousSecretExpiresAt: Date },
): Promise<boolean> {
  const replaced = await db
    .update(webhookEndpoints)
    .set({ ...secrets, updatedAt: new Date() })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.secretSealed, secrets.previousSecretSealed),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  return replaced.length > 0;
}
