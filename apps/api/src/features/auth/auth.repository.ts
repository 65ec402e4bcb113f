import { CURRENCIES, type SignUpRequest } from '@bizdash/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { credentials, passwordResets, users, wallets } from '../../db/schema/index.ts';

export async function findCredentialsByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ userId: users.id, tokenVersion: users.tokenVersion, passwordHash: credentials.passwordHash })
    .from(users)
    .innerJoin(credentials, eq(credentials.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** A merchant is born with its credentials and one wallet per supported currency. */
export async function insertMerchant(tx: Tx, input: Omit<SignUpRequest, 'password'>, passwordHash: string) {
  const [user] = await tx
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  if (!user) throw new Error('insert into users returned no row');
  await tx.insert(credentials).values({ userId: user.id, passwordHash });
  await tx.insert(wallets).values(CURRENCIES.map((currency) => ({ userId: user.id, currency })));
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

export async function incrementTokenVersion(db: DbOrTx, userId: string) {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row ?? null;
}
