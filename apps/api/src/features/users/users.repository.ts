import type { Currency, SignUpRequest, UserStatus } from '@bizdash/shared';
import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { preparedQuery, preparedSql } from '../../db/prepared.ts';
import { users } from '../../db/schema/users.ts';
import { TOKEN_VERSIONS_CHANNEL } from './token-versions.ts';

export type UserRow = typeof users.$inferSelect;

/** The owner itself or one of its apps; nobody else's user row is ever returned. */
const ownedBy = (ownerId: Placeholder, userId: Placeholder) =>
  and(eq(users.id, userId), or(eq(users.id, ownerId), eq(users.parentUserId, ownerId)));

const findOwnedUserQuery = preparedQuery('users_find_owned', ['ownerId', 'userId'], (db, p) =>
  db.select().from(users).where(ownedBy(p.ownerId, p.userId)).limit(1),
);

/** The owner itself or one of its apps, whole; null for anyone else's. The one owner-scoped find of a user. */
export async function findOwnedUser(db: DbOrTx, ownerId: string, userId: string) {
  const [user] = await findOwnedUserQuery(db, { ownerId, userId });
  return user ?? null;
}

const findUserQuery = preparedQuery('users_find', ['userId'], (db, p) =>
  db.select().from(users).where(eq(users.id, p.userId)).limit(1),
);

/**
 * A user by id, merchant or app, for a caller that already knows whose it is (a payout's owner, a file's, a
 * challenge's); a request naming a user goes through findOwnedUser.
 */
export async function findUserById(db: DbOrTx, userId: string): Promise<UserRow | null> {
  const [user] = await findUserQuery(db, { userId });
  return user ?? null;
}

/** Whose address this is, in any case (addresses are unique regardless of case). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user ?? null;
}

/** A merchant as it signs up; the demo seed also gives its description and the day it signed up. */
export type NewMerchant = Omit<SignUpRequest, 'password'> & {
  businessDescription?: string;
  createdAt?: Date;
};

export async function insertMerchantUser(tx: Tx, { createdAt, ...merchant }: NewMerchant) {
  const [user] = await tx
    .insert(users)
    .values({ ...merchant, email: merchant.email.toLowerCase(), createdAt, updatedAt: createdAt })
    .returning({ id: users.id, email: users.email, tokenVersion: users.tokenVersion });
  if (!user) throw new Error('insert into users returned no row');
  return user;
}

/**
 * The user's row, locked until the transaction ends: NO KEY UPDATE (a merchant's payouts, one at a time) leaves
 * the foreign-key locks of rows written meanwhile free; UPDATE (a KYC decision, a key's roll) holds them too.
 */
export async function lockUserById(tx: Tx, userId: string, strength: 'update' | 'no key update' = 'update') {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for(strength);
  return user ?? null;
}

/** The KYC standing (PENDING_KYC, ACTIVE, ...) the identity provider's decision leads to. */
export async function setUserStatus(db: DbOrTx, userId: string, status: UserStatus) {
  await db.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function setEmailVerified(db: DbOrTx, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** The profile photo is the user's own column; the caller has checked ownership. */
export async function setProfilePictureUrl(db: DbOrTx, userId: string, url: string) {
  await db.update(users).set({ profilePictureUrl: url }).where(eq(users.id, userId));
}

const bumpTokenVersionQuery = preparedSql(
  'users_bump_token_version',
  ['userId'],
  (p) => sql<{ userId: string; email: string; tokenVersion: number }>`
    with bumped as (
      update ${users} set token_version = token_version + 1, updated_at = now() where id = ${p.userId}
      returning id, email, token_version
    )
    select id as "userId", email, token_version as "tokenVersion", pg_notify(${TOKEN_VERSIONS_CHANNEL}, id::text)
    from bumped`,
);

/**
 * Ends every token issued so far and answers the new version (null when the user is gone); every process hears
 * it at commit and forgets the version it kept (token-versions.ts).
 */
export async function bumpTokenVersion(db: DbOrTx, userId: string) {
  const [row] = await bumpTokenVersionQuery(db, { userId });
  return row ? { userId: row.userId, email: row.email, tokenVersion: row.tokenVersion } : null;
}

/**
 * Who hears about a user's events: the merchant itself, or for an app the merchant who owns it (an app has no
 * inbox of its own), with the app's name to say where it happened.
 */
export async function findRecipientByUserId(db: DbOrTx, userId: string) {
  const app = alias(users, 'app');
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      appName: sql<string | null>`case when ${app.isApp} then ${app.businessName} end`,
    })
    .from(app)
    .innerJoin(users, eq(users.id, sql`coalesce(${app.parentUserId}, ${app.id})`))
    .where(eq(app.id, userId));
  return row ?? null;
}

/**
 * A users row's wallets by currency, as JSON, for any select from users. Spelled out: drizzle leaves a lone
 * table's columns unqualified, and "id" here would be the wallet's.
 */
export const walletsOfUserRow = sql<{ currency: Currency; walletId: string }[]>`coalesce((
  select json_agg(json_build_object('currency', wallets.currency, 'walletId', wallets.id)
    order by wallets.currency)
  from wallets where wallets.user_id = "users"."id"), '[]'::json)`;

type ValuesOf<S extends Record<string, SQL>> = { [K in keyof S]: S[K] extends SQL<infer T> ? T : never };

/**
 * What GET /api/users/{id} answers, as one prepared statement (ADR 064): the owned user with its wallets (by
 * currency) and the sections other features own, each a subquery on the user's id (`userId`) answering one JSON
 * value, given the caller's clock as `now` when they need it. users imports none of those features: the code that
 * composes them (src/user-sections.ts) builds this once, under `name`.
 */
export function ownedUserWithSectionsQuery<S extends Record<string, SQL>>(
  name: string,
  sectionsOf: (userId: SQL, now: SQL) => S,
) {
  const query = preparedQuery(name, ['ownerId', 'userId', 'now'], (db, p) => {
    const sections = sectionsOf(sql`${users.id}`, sql`${p.now}::timestamptz`);
    // Each section one level down, so a lone table's select keeps its columns qualified (see walletsOfUserRow).
    const nested = Object.fromEntries(Object.entries(sections).map(([key, value]) => [key, sql`${value}`]));
    return db
      .select({ ...nested, user: users, wallets: walletsOfUserRow })
      .from(users)
      .where(ownedBy(p.ownerId, p.userId))
      .limit(1);
  });
  return async (db: DbOrTx, values: { ownerId: string; userId: string; now: Date }) => {
    const [row] = await query(db, { ...values, now: values.now.toISOString() });
    return (row ?? null) as
      | ({ user: UserRow; wallets: { currency: Currency; walletId: string }[] } & ValuesOf<S>)
      | null;
  };
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

/** The business asks every member to turn two-factor on first (issue 23 §1); the team feature decides who may. */
export async function setRequireTwoFactor(db: DbOrTx, businessId: string, requireTwoFactor: boolean) {
  await db.update(users).set({ requireTwoFactor, updatedAt: new Date() }).where(eq(users.id, businessId));
}
