import type { UserStatus } from '@bizdash/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type IdentityVerificationStatus, identityVerifications } from '../../db/schema/kyc.ts';
import { lockUserById, setUserStatus } from '../users/index.ts';

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
export async function findUserIdByVerificationId(db: DbOrTx, verificationId: string) {
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
export async function lockOwnedVerification(tx: Tx, userId: string, verificationId: string) {
  const [verification] = await tx
    .select()
    .from(identityVerifications)
    .where(and(eq(identityVerifications.id, verificationId), eq(identityVerifications.userId, userId)))
    .for('update');
  const user = verification && (await lockUserById(tx, userId));
  return user ? { verification, userStatus: user.status } : null;
}

/** The verification and the user's status, together (the caller's transaction also writes the event). */
export async function applyVerificationChange(
  tx: Tx,
  change: {
    verificationId: string;
    userId: string;
    verificationStatus: IdentityVerificationStatus;
    userStatus: UserStatus;
    reason: string | null;
  },
) {
  await tx
    .update(identityVerifications)
    .set({ status: change.verificationStatus, reason: change.reason })
    .where(eq(identityVerifications.id, change.verificationId));
  await setUserStatus(tx, change.userId, change.userStatus);
}
