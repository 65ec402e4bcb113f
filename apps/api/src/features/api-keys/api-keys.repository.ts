import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { joinableUsers, keyHolderColumns, lockUserById } from '../users/index.ts';

/**
 * The key a request presented, found by its keyed hash (an index lookup on a value the caller cannot steer byte
 * by byte, so there is no comparison to time), with whom it acts for. Expiry is judged by the caller's clock.
 */
const findKeyByHashQuery = preparedQuery('api_keys_find_by_hash', ['keyHash'], (db, p) =>
  db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      ...keyHolderColumns,
    })
    .from(apiKeys)
    .innerJoin(joinableUsers, eq(joinableUsers.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, p.keyHash), isNull(apiKeys.deletedAt)))
    .limit(1),
);

export async function findKeyByHash(db: DbOrTx, keyHash: string) {
  const [row] = await findKeyByHashQuery(db, { keyHash });
  return row ?? null;
}

/** The user's keys that still work at `now`, newest first: the current one and any in its overlap. */
export function listWorkingKeys(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      id: apiKeys.id,
      keySealed: apiKeys.keySealed,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        isNull(apiKeys.deletedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    )
    .orderBy(desc(apiKeys.createdAt));
}

/**
 * The current key becomes the previous one, working until `expiresAt`; a key already in its overlap ends now, so
 * at most two keys work at any time. Locks the user's row first: two rolls at once take turns. Null (nothing
 * changed) when the user is gone or an archived app, whose keys never work again; else the key it retired, if any.
 */
export async function retireCurrentKey(tx: Tx, userId: string, expiresAt: Date, now: Date) {
  const user = await lockUserById(tx, userId);
  if (!user || user.archivedAt) return null;
  await tx
    .update(apiKeys)
    .set({ deletedAt: now })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt), gt(apiKeys.expiresAt, now)));
  const retired = await tx
    .update(apiKeys)
    .set({ expiresAt })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt), isNull(apiKeys.expiresAt)))
    .returning({ id: apiKeys.id });
  return { retiredKeyId: retired[0]?.id ?? null };
}

export async function insertKey(
  tx: Tx,
  key: { id: string; userId: string; keyHash: string; keySealed: string; createdAt: Date },
) {
  await tx.insert(apiKeys).values(key);
}

/** Every key of the user stops at once (delete, or the app archived). */
export async function deleteAllKeys(db: DbOrTx, userId: string, now: Date) {
  return db
    .update(apiKeys)
    .set({ deletedAt: now })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)))
    .returning({ id: apiKeys.id });
}

/** Written at most once a minute per key: the condition makes a second process's write a no-op. */
export async function touchKey(db: DbOrTx, id: string, now: Date, since: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
}
