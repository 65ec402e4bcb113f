import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { fxQuotes } from '../../db/schema/fx.ts';

export type FxQuoteRow = typeof fxQuotes.$inferSelect;
type NewFxQuoteRow = typeof fxQuotes.$inferInsert;

export async function insertQuote(db: DbOrTx, values: NewFxQuoteRow): Promise<FxQuoteRow> {
  const [row] = await db.insert(fxQuotes).values(values).returning();
  if (!row) throw new Error('fx quote insert returned nothing');
  return row;
}

/** The user's quote, locked until commit: one conversion at a time looks at it, so it converts at most once. */
export async function lockOwnedQuote(tx: Tx, userId: string, quoteId: string): Promise<FxQuoteRow | null> {
  const [row] = await tx
    .select()
    .from(fxQuotes)
    .where(and(eq(fxQuotes.id, quoteId), eq(fxQuotes.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function markOwnedQuoteConverted(
  tx: Tx,
  userId: string,
  quoteId: string,
  values: Pick<
    NewFxQuoteRow,
    | 'conversionKey'
    | 'reference'
    | 'debitTransactionId'
    | 'creditTransactionId'
    | 'feeTransactionId'
    | 'convertedAt'
  >,
): Promise<FxQuoteRow> {
  const [row] = await tx
    .update(fxQuotes)
    .set({ ...values, status: 'CONVERTED' })
    .where(and(eq(fxQuotes.id, quoteId), eq(fxQuotes.userId, userId), eq(fxQuotes.status, 'OPEN')))
    .returning();
  if (!row) throw new Error(`fx quote ${quoteId} was not open`);
  return row;
}

/** Quotes nobody converted, a while after they expired: they only ever answer "expired" by then. */
export async function deleteStaleQuotes(db: DbOrTx, olderThanHours: number): Promise<number> {
  const deleted = await db
    .delete(fxQuotes)
    .where(
      and(
        eq(fxQuotes.status, 'OPEN'),
        lt(fxQuotes.expiresAt, sql`now() - make_interval(hours => ${olderThanHours})`),
      ),
    )
    .returning({ id: fxQuotes.id });
  return deleted.length;
}
