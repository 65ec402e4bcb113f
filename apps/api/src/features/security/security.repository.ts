import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { credentials } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

/** The merchant's own sign-in secret; apps and other merchants have none here (owner-scoped by the caller). */
export async function findOwnCredentials(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      passwordHash: credentials.passwordHash,
    })
    .from(users)
    .innerJoin(credentials, eq(credentials.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
