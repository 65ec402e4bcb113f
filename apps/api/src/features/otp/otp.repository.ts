import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/index.ts';

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

/** Counts a wrong try atomically; returns false when the code had no tries left. */
export async function recordWrongAttempt(
  db: DbOrTx,
  codeId: string,
  maxWrongTries: number,
): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ wrongAttempts: sql`${otpCodes.wrongAttempts} + 1` })
    .where(and(eq(otpCodes.id, codeId), lt(otpCodes.wrongAttempts, maxWrongTries)))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}

/** Consumes the code once: of two concurrent right answers only one wins. */
export async function consumeCode(db: DbOrTx, codeId: string): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}
