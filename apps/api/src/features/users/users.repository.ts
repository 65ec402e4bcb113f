import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users, wallets } from '../../db/schema/index.ts';

/** The owner itself or one of its apps; nobody else's user row is ever returned. */
const ownedBy = (ownerId: string, userId: string) =>
  and(eq(users.id, userId), or(eq(users.id, ownerId), eq(users.parentUserId, ownerId)));

export async function findOwnedUser(db: DbOrTx, ownerId: string, userId: string) {
  const [user] = await db.select().from(users).where(ownedBy(ownerId, userId)).limit(1);
  return user ?? null;
}

export async function listWallets(db: DbOrTx, ownerId: string, userId: string) {
  return db
    .select({ currency: wallets.currency, walletId: wallets.id })
    .from(wallets)
    .innerJoin(users, eq(users.id, wallets.userId))
    .where(ownedBy(ownerId, userId))
    .orderBy(wallets.currency);
}

/** Every authenticated request asks this, so it is prepared once: no query building, no re-planning. */
export function prepareTokenVersionLookup(db: Db) {
  const query = db
    .select({ tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('auth_token_version');
  return async (userId: string): Promise<number | null> =>
    (await query.execute({ userId }))[0]?.tokenVersion ?? null;
}

/** The owner and its apps, as a subquery for `inArray`: every owner-scoped read of another table uses it. */
export function ownedUserIds(db: DbOrTx, ownerId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, ownerId), eq(users.parentUserId, ownerId)));
}
