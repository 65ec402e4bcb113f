import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/otp.ts';

export async function replaceActiveCode(
  db: DbOrTx,
  code: { userId: string; purpose: string; codeHash: string; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(otpCodes.userId, code.userId),
          eq(otpCodes.purpose, code.purpose),
          isNull(otpCodes.consumedAt),
        ),
      );
    await tx.insert(otpCodes).values(code);
  });
}

export async function findLatestActiveCode(db: DbOrTx, userId: string, purpose: string) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Checks a guess against the code and counts it, in one statement: the row is locked while it runs, so of any
 * number of guesses at once each sees the count the one before left, and none is checked once `maxWrongTries`
 * wrong ones are counted; the right one uses the code up (only once). Null when the code was not checkable: used,
 * expired or out of tries. The stored value is an HMAC of the code, so comparing it in SQL tells a timer nothing.
 */
export async function checkCode(
  db: DbOrTx,
  code: { id: string; hash: string; maxWrongTries: number; now: Date },
) {
  const right = sql`${otpCodes.codeHash} = ${code.hash}`;
  const [row] = await db
    .update(otpCodes)
    .set({
      wrongAttempts: sql`case when ${right} then ${otpCodes.wrongAttempts} else ${otpCodes.wrongAttempts} + 1 end`,
      consumedAt: sql`case when ${right} then ${code.now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(otpCodes.id, code.id),
        isNull(otpCodes.consumedAt),
        lt(otpCodes.wrongAttempts, code.maxWrongTries),
        gt(otpCodes.expiresAt, code.now),
      ),
    )
    .returning({
      accepted: sql<boolean>`${otpCodes.consumedAt} is not null`,
      wrongAttempts: otpCodes.wrongAttempts,
    });
  return row ?? null;
}

export async function findCodeById(db: DbOrTx, codeId: string) {
  const [row] = await db.select().from(otpCodes).where(eq(otpCodes.id, codeId)).limit(1);
  return row ?? null;
}
