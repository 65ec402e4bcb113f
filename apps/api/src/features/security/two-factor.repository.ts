import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/schema/two-factor.ts';

export async function findTwoFactor(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  return row ?? null;
}

/** A set-up starts over with a new secret until a code confirms one; an enabled secret is never replaced here. */
export async function savePendingSecret(db: DbOrTx, userId: string, secretSealed: string) {
  await db
    .insert(twoFactorSecrets)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretSealed, lastUsedStep: null, lastSignInStep: null, updatedAt: new Date() },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    });
}

/** Sign-in keeps a last step of its own, so the code that turned two-factor on (or confirmed a payout) still signs in. */
export type CodePurpose = 'sign_in' | 'session';

const lastStepColumn = (purpose: CodePurpose) =>
  purpose === 'sign_in' ? twoFactorSecrets.lastSignInStep : twoFactorSecrets.lastUsedStep;

/**
 * Records a code's time step as used for `purpose`, only when it is later than the last one: of two requests with
 * the same code exactly one wins, and a code seen once never works again for that purpose.
 */
export async function claimStep(db: DbOrTx, userId: string, step: number, purpose: CodePurpose) {
  const column = lastStepColumn(purpose);
  const rows = await db
    .update(twoFactorSecrets)
    .set(purpose === 'sign_in' ? { lastSignInStep: step } : { lastUsedStep: step })
    .where(and(eq(twoFactorSecrets.userId, userId), or(isNull(column), lt(column, step))))
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length === 1;
}

/**
 * Spends a sign-in challenge: it and every challenge issued before it stop working. False when it (or a later one)
 * was spent already, also by a request at the same moment.
 */
export async function spendChallenge(db: DbOrTx, userId: string, issuedAt: Date) {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastChallengeIssuedAt: issuedAt })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        or(
          isNull(twoFactorSecrets.lastChallengeIssuedAt),
          lt(twoFactorSecrets.lastChallengeIssuedAt, issuedAt),
        ),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length === 1;
}

export async function markEnabled(tx: Tx, userId: string) {
  await tx.update(twoFactorSecrets).set({ enabledAt: new Date() }).where(eq(twoFactorSecrets.userId, userId));
}

export async function deleteTwoFactor(tx: Tx, userId: string) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
}

export async function replaceRecoveryCodes(tx: Tx, userId: string, codeHashes: string[]) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code up; false when it is not one of the merchant's or was used already (also concurrently). */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Of these people, those with two-factor on (the Team tab shows it for every member in one query). */
export async function listTwoFactorEnabled(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(inArray(twoFactorSecrets.userId, userIds), isNotNull(twoFactorSecrets.enabledAt)));
  return new Set(rows.map((row) => row.userId));
}
