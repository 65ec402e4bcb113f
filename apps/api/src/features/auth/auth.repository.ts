import { CURRENCIES, type SignUpRequest } from '@bizdash/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { credentials, users, wallets } from '../../db/schema/index.ts';

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

export async function incrementTokenVersion(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}
