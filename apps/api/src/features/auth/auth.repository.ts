import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { credentials, passwordResets } from '../../db/schema/auth.ts';
import { openWallets } from '../money/index.ts';
import { insertOwner } from '../team/index.ts';
import { accountColumns, insertMerchantUser, joinableUsers, type NewMerchant } from '../users/index.ts';

/** The account with its password hash, in one query: sign-in and every password check read both. */
const withCredentials = (db: DbOrTx) =>
  db
    .select({ ...accountColumns, passwordHash: credentials.passwordHash })
    .from(joinableUsers)
    .innerJoin(credentials, eq(credentials.userId, joinableUsers.id));

export async function findCredentialsByEmail(db: DbOrTx, email: string) {
  const [row] = await withCredentials(db)
    .where(eq(sql`lower(${joinableUsers.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The merchant's own sign-in secret; apps have none (null), and the caller has scoped the id to its owner. */
export async function findCredentialsByUserId(db: DbOrTx, userId: string) {
  const [row] = await withCredentials(db).where(eq(joinableUsers.id, userId)).limit(1);
  return row ?? null;
}

/** A merchant is born with its credentials and one wallet per supported currency. */
export async function insertMerchant(tx: Tx, merchant: NewMerchant, passwordHash: string) {
  const user = await insertMerchantUser(tx, merchant);
  await tx.insert(credentials).values({ userId: user.id, passwordHash });
  await openWallets(tx, user.id, merchant.createdAt);
  await insertOwner(tx, user.id, merchant.createdAt ?? new Date());
  return user;
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
