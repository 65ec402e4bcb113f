import type { SignUpRequest } from '@bizdash/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { credentials, passwordResets } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { openWallets } from '../money/index.ts';
import { TOKEN_VERSIONS_CHANNEL } from '../users/index.ts';

export async function findCredentialsByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      tokenVersion: users.tokenVersion,
      passwordHash: credentials.passwordHash,
    })
    .from(users)
    .innerJoin(credentials, eq(credentials.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The account's current token version and sign-in email (null when it is gone). */
export async function findAccountById(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ tokenVersion: users.tokenVersion, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The account's current token version: a token or sign-in challenge of an older one no longer counts. */
export async function readTokenVersionOf(db: DbOrTx, userId: string) {
  return (await findAccountById(db, userId))?.tokenVersion ?? null;
}

/** A merchant is born with its credentials and one wallet per supported currency. */
export async function insertMerchant(tx: Tx, input: Omit<SignUpRequest, 'password'>, passwordHash: string) {
  const [user] = await tx
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
    .returning({ id: users.id, email: users.email, tokenVersion: users.tokenVersion });
  if (!user) throw new Error('insert into users returned no row');
  await tx.insert(credentials).values({ userId: user.id, passwordHash });
  await openWallets(tx, user.id);
  return user;
}

/** Who an address belongs to, for a reset link: merchants only (an app has no password of its own). */
export async function findMerchantByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.isApp, false)))
    .limit(1);
  return row ?? null;
}

/** A new link replaces every earlier one of the merchant: only the newest email works. */
export async function replacePasswordReset(
  db: DbOrTx,
  reset: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values(reset);
  });
}

/** Uses a live link once: of two requests with it, only one gets the merchant. */
export async function usePasswordReset(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row ?? null;
}

export async function replacePasswordHash(tx: Tx, userId: string, passwordHash: string) {
  await tx.update(credentials).set({ passwordHash }).where(eq(credentials.userId, userId));
}

const bumpTokenVersionQuery = preparedSql(
  'auth_bump_token_version',
  ['userId'],
  (p) => sql<{ userId: string; email: string }>`
    with bumped as (
      update ${users} set token_version = token_version + 1, updated_at = now() where id = ${p.userId}
      returning id, email
    )
    select id as "userId", email, pg_notify(${TOKEN_VERSIONS_CHANNEL}, id::text) from bumped`,
);

/** Ends every token issued so far; every process hears it at commit and forgets the version it kept. */
export async function incrementTokenVersion(db: DbOrTx, userId: string) {
  const [row] = await bumpTokenVersionQuery(db, { userId });
  return row ? { userId: row.userId, email: row.email } : null;
}
