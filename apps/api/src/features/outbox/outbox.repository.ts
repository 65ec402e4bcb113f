import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { outboxEvents } from '../../db/schema/index.ts';

export const OUTBOX_EVENT_TYPES = ['payment.succeeded', 'payment.failed'] as const;
export type OutboxEventType = (typeof OUTBOX_EVENT_TYPES)[number];

/**
 * Records an event for the merchant's systems inside the caller's transaction: it exists exactly when the
 * change it announces was committed. Its id is stable across delivery attempts.
 */
export async function enqueueEvent(
  tx: Tx,
  event: { userId: string; type: OutboxEventType; data: Record<string, unknown> },
) {
  const id = randomUUID();
  await tx.insert(outboxEvents).values({
    id,
    userId: event.userId,
    eventType: event.type,
    payload: { id, type: event.type, createdAt: new Date().toISOString(), data: event.data },
  });
  return id;
}
