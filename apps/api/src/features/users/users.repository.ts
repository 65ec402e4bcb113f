import type { Currency } from '@bizdash/shared';
import { and, eq, or, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { users } from '../../db/schema/users.ts';

/** The owner itself or one of its apps; nobody else's user row is ever returned. */
const ownedBy = (ownerId: Placeholder, userId: Placeholder) =>
  and(eq(users.id, userId), or(eq(users.id, ownerId), eq(users.parentUserId, ownerId)));

const findOwnedUserQuery = preparedQuery('users_find_owned', ['ownerId', 'userId'], (db, p) =>
  db.select().from(users).where(ownedBy(p.ownerId, p.userId)).limit(1),
);

export async function findOwnedUser(db: DbOrTx, ownerId: string, userId: string) {
  const [user] = await findOwnedUserQuery(db, { ownerId, userId });
  return user ?? null;
}

/**
 * A users row's wallets by currency, as JSON, for any select from users. Spelled out: drizzle leaves a lone
 * table's columns unqualified, and "id" here would be the wallet's.
 */
export const walletsOfUserRow = sql<{ currency: Currency; walletId: string }[]>`coalesce((
  select json_agg(json_build_object('currency', wallets.currency, 'walletId', wallets.id)
    order by wallets.currency)
  from wallets where wallets.user_id = "users"."id"), '[]'::json)`;

const findOwnedUserWithWalletsQuery = preparedQuery(
  'users_find_owned_with_wallets',
  ['ownerId', 'userId'],
  (db, p) =>
    db
      .select({ user: users, wallets: walletsOfUserRow })
      .from(users)
      .where(ownedBy(p.ownerId, p.userId))
      .limit(1),
);

/** The user with its wallets (by currency), in one round trip: what GET /api/users/{id} answers. */
export async function findOwnedUserWithWallets(db: DbOrTx, ownerId: string, userId: string) {
  const [row] = await findOwnedUserWithWalletsQuery(db, { ownerId, userId });
  return row ?? null;
}

/** The owner and its apps, as a subquery for `inArray`: every owner-scoped read of another table uses it. */
export function ownedUserIds(db: DbOrTx, ownerId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, ownerId), eq(users.parentUserId, ownerId)));
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export interface CompanyDetailsChanges {
  businessDescription: string;
  checkoutLogoUrl: string | null;
  chargeCheckoutFeeToCustomer: boolean;
}

/** An app's own fields: its name is its businessName. */
export interface AppChanges {
  businessName: string;
  businessDescription: string | null;
}

/** Owner-scoped write: a row outside the owner's account is never touched (returns false). */
export async function updateOwnedUser(
  db: DbOrTx,
  ownerId: string,
  userId: string,
  changes: ProfileChanges | CompanyDetailsChanges | AppChanges,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, userId), or(eq(users.id, ownerId), eq(users.parentUserId, ownerId))))
    .returning({ id: users.id });
  return updated.length > 0;
}
