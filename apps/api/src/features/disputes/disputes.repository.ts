import type { DisputeEventKind, DisputeStatus } from '@bizdash/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { disputeEvents, disputes } from '../../db/schema/disputes.ts';
import { joinableCheckoutPayments as payments } from '../checkout/index.ts';

export type DisputeRow = typeof disputes.$inferSelect;
type NewDisputeRow = typeof disputes.$inferInsert;

export async function insertDispute(tx: Tx, values: NewDisputeRow) {
  const [row] = await tx.insert(disputes).values(values).returning();
  if (!row) throw new Error('dispute insert returned nothing');
  return row;
}

export async function updateDispute(db: DbOrTx, disputeId: string, change: Partial<NewDisputeRow>) {
  const [row] = await db
    .update(disputes)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(disputes.id, disputeId))
    .returning();
  if (!row) throw new Error(`dispute ${disputeId} vanished`);
  return row;
}

export async function addDisputeEvent(
  db: DbOrTx,
  event: { disputeId: string; kind: DisputeEventKind; description: string },
) {
  await db.insert(disputeEvents).values(event);
}

export async function listDisputeEvents(db: DbOrTx, disputeId: string) {
  return db
    .select()
    .from(disputeEvents)
    .where(eq(disputeEvents.disputeId, disputeId))
    .orderBy(asc(disputeEvents.createdAt), asc(disputeEvents.id));
}

export async function findOwnedDispute(db: DbOrTx, userId: string, disputeId: string) {
  const [row] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, disputeId), eq(disputes.userId, userId)));
  return row ?? null;
}

export async function lockOwnedDispute(tx: Tx, userId: string, disputeId: string) {
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, disputeId), eq(disputes.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function lockDisputeById(tx: Tx, disputeId: string) {
  const [row] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
  return row ?? null;
}

/** The dispute the network knows by this reference, locked (read after the payment row was locked). */
export async function lockDisputeByReference(tx: Tx, providerReference: string) {
  const [row] = await tx
    .select()
    .from(disputes)
    .where(eq(disputes.providerReference, providerReference))
    .for('update');
  return row ?? null;
}

/**
 * What the open, lost or accepted disputes of a payment took from it (a won one gave it back), read after the
 * payment row was locked: with that lock, no refund or other dispute of the payment is being decided meanwhile.
 */
export async function sumDisputedByPayment(tx: Tx, paymentId: string) {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${disputes.amount}), 0)` })
    .from(disputes)
    .where(and(eq(disputes.paymentId, paymentId), ne(disputes.status, 'WON')));
  return Number(row?.total ?? 0);
}

/** Whether a payment has a dispute not yet decided (read after the payment row was locked). */
export async function hasOpenDispute(tx: Tx, paymentId: string) {
  const [row] = await tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(
      and(eq(disputes.paymentId, paymentId), inArray(disputes.status, ['NEEDS_RESPONSE', 'UNDER_REVIEW'])),
    )
    .limit(1);
  return Boolean(row);
}

export async function listDisputes(
  db: DbOrTx,
  userId: string,
  filter: { status?: DisputeStatus; transactionId?: string },
  page: { page: number; size: number },
) {
  const where = and(
    eq(disputes.userId, userId),
    filter.status ? eq(disputes.status, filter.status) : undefined,
    filter.transactionId ? eq(disputes.paymentTransactionId, filter.transactionId) : undefined,
  );
  const needsAnswerFirst = sql`case when ${disputes.status} = 'NEEDS_RESPONSE' then 0 else 1 end`;
  const soonestDueFirst = sql`case when ${disputes.status} = 'NEEDS_RESPONSE' then ${disputes.evidenceDueBy} end`;
  const [rows, [total], [needing]] = await Promise.all([
    db
      .select({
        dispute: disputes,
        customerName: payments.customerName,
        customerEmail: payments.customerEmail,
        reference: payments.reference,
      })
      .from(disputes)
      .innerJoin(payments, eq(payments.id, disputes.paymentId))
      .where(where)
      .orderBy(needsAnswerFirst, asc(soonestDueFirst), desc(disputes.createdAt), desc(disputes.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(disputes).where(where),
    db
      .select({ n: count() })
      .from(disputes)
      .where(and(eq(disputes.userId, userId), eq(disputes.status, 'NEEDS_RESPONSE'))),
  ]);
  return { rows, total: total?.n ?? 0, needsResponseCount: needing?.n ?? 0 };
}

export async function countNeedingResponse(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(disputes)
    .where(and(eq(disputes.userId, userId), eq(disputes.status, 'NEEDS_RESPONSE')));
  return row?.n ?? 0;
}

/** Disputes with an answer the network has not heard yet, due now; rows another worker holds are skipped. */
export async function claimDueNetworkActions(tx: Tx, now: Date, limit: number) {
  return tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(
      and(
        isNotNull(disputes.networkAction),
        or(isNull(disputes.nextCheckAt), lte(disputes.nextCheckAt, now)),
      ),
    )
    .orderBy(asc(disputes.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Unanswered disputes whose due date has passed. */
export async function claimExpiredDisputes(tx: Tx, now: Date, limit: number) {
  return tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.status, 'NEEDS_RESPONSE'), lte(disputes.evidenceDueBy, now)))
    .orderBy(asc(disputes.evidenceDueBy))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Unanswered disputes due within `within` whose reminder has not been sent, locked. */
export async function claimDisputesToRemind(tx: Tx, now: Date, withinMs: number, limit: number) {
  return tx
    .select()
    .from(disputes)
    .where(
      and(
        eq(disputes.status, 'NEEDS_RESPONSE'),
        isNull(disputes.reminderSentAt),
        lte(disputes.evidenceDueBy, new Date(now.getTime() + withinMs)),
      ),
    )
    .orderBy(asc(disputes.evidenceDueBy))
    .limit(limit)
    .for('update', { skipLocked: true });
}
