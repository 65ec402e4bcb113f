import type { EventType } from '@bizdash/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * These users' events of these types go, with their deliveries: the demo seed's team activity (its sign-ins) is
 * history, not something to announce as if it had just happened.
 */
export async function deleteEventsOfUsers(tx: Tx, userIds: string[], types: EventType[]) {
  if (userIds.length === 0 || types.length === 0) return;
  await tx
    .delete(outboxEvents)
    .where(and(inArray(outboxEvents.userId, userIds), inArray(outboxEvents.eventType, types)));
}
