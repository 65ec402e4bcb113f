import type { UserStatus } from '@bizdash/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type IdentityVerificationStatus, identityVerifications } from '../../db/schema/kyc.ts';
import { users } from '../../db/schema/users.ts';
import { type eventValues, writeEvent } from '../../jobs/events.repository.ts';

/** The user (the owner itself or one of its apps) with its status; null for anyone else's. */
export async function findOwnedUserStatus(db: DbOrTx, ownerId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.id, userId), or(eq(users.id, ownerId), eq(users.parentUserId, ownerId))));
  return row ?? null;
}

/** The user's newest verification: the one that counts. */
export async function latestVerification(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
    .limit(1);
  return row ?? null;
}

/** Whose verification this is (the owner of the files its widget stores). */
export async function userOfVerification(db: DbOrTx, verificationId: string) {
  const [row] = await db
    .select({ userId: identityVerifications.userId })
    .from(identityVerifications)
    .where(eq(identityVerifications.id, verificationId));
  return row?.userId ?? null;
}

export async function insertVerification(db: DbOrTx, userId: string, provider: string) {
  const [row] = await db.insert(identityVerifications).values({ userId, provider }).returning();
  if (!row) throw new Error('identity verification vanished');
  return row;
}

export async function setProviderReference(db: DbOrTx, verificationId: string, providerReference: string) {
  await db
    .update(identityVerifications)
    .set({ providerReference })
    .where(eq(identityVerifications.id, verificationId));
}

/** The verification and its user, both locked: callbacks for one user apply one at a time. */
export async function lockVerification(tx: Tx, verificationId: string, userId: string) {
  const [row] = await tx
    .select({ verification: identityVerifications, userStatus: users.status })
    .from(identityVerifications)
    .innerJoin(users, eq(users.id, identityVerifications.userId))
    .where(and(eq(identityVerifications.id, verificationId), eq(identityVerifications.userId, userId)))
    .for('update');
  return row ?? null;
}

/** The verification, the user's status and the event that announces it, in one transaction. */
export async function applyVerificationChange(
  tx: Tx,
  change: {
    verificationId: string;
    userId: string;
    verificationStatus: IdentityVerificationStatus;
    userStatus: UserStatus;
    reason: string | null;
  },
  event: ReturnType<typeof eventValues>,
) {
  await tx
    .update(identityVerifications)
    .set({ status: change.verificationStatus, reason: change.reason })
    .where(eq(identityVerifications.id, change.verificationId));
  await tx
    .update(users)
    .set({ status: change.userStatus, updatedAt: sql`now()` })
    .where(eq(users.id, change.userId));
  await writeEvent(tx, event);
}
