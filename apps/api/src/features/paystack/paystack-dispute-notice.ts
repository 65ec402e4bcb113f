import type { FastifyBaseLogger } from 'fastify';
import { disputeUpdateOf } from '../../providers/payments/paystack-disputes.ts';
import type { AppDeps } from '../../types.ts';
import { recordDisputeUpdate } from '../disputes/index.ts';

type NoticeDeps = Pick<AppDeps, 'config' | 'database' | 'payments' | 'jobs'>;

/**
 * A `charge.dispute.*` event from Paystack (create, remind, resolve): the dispute it carries is recorded as it
 * stands (opened with its hold, or closed WON or LOST), once: a replay, or a remind of a dispute already open,
 * changes nothing. Applied when the dispute is one of ours (its transaction is a payment of ours).
 */
export async function applyDisputeNotice(
  deps: NoticeDeps,
  log: FastifyBaseLogger,
  data: Record<string, unknown>,
): Promise<boolean> {
  const update = disputeUpdateOf(data);
  if (!update) {
    log.warn({ disputeId: data.id, status: data.status }, 'a Paystack dispute notice Bizdash cannot read');
    return false;
  }
  return recordDisputeUpdate(deps, update);
}
