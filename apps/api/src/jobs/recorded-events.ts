import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { outboxEvents } from '../db/schema/events.ts';

// Events already written (emitEvent writes them): read by the handlers that need more than the envelope, and
// forgotten by the demo seed.

/** Whose event it is, as it was written: the merchant or the app whose payment or payout it was. */
export async function findEventUserId(db: DbOrTx, eventId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: outboxEvents.userId })
    .from(outboxEvents)
    .where(eq(outboxEvents.id, eventId));
  return row?.userId;
}

/**
 * The payout's events go, with their deliveries: the demo seed's backdated payouts did not happen in front of the
 * notifications and webhooks.
 */
export async function deleteEventsByPayoutId(tx: Tx, payoutId: string) {
  await tx.delete(outboxEvents).where(sql`${outboxEvents.payload}->'data'->>'payoutId' = ${payoutId}`);
}
