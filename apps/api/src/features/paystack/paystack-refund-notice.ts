import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../types.ts';
import { checkRefundsOfChargeNow } from '../refunds/index.ts';

type NoticeDeps = Pick<AppDeps, 'config' | 'database' | 'payments' | 'jobs'>;

/** What a refund.* event says that we use: the refunded transaction (our payment's providerReference). */
const RefundNoticeSchema = z.object({ transaction_reference: z.string().min(1) });

/**
 * A `refund.*` event from Paystack (pending, processing, processed, failed): the refunds of the payment it names
 * check where they stand now with Paystack (`GET /refund/{id}`), and that answer settles them, never the notice's
 * own status. A notice of no refund of ours (a refund made in Paystack's dashboard, another integration's, a
 * replay of one settled already) changes nothing: not applied.
 */
export async function applyRefundNotice(
  deps: NoticeDeps,
  log: FastifyBaseLogger,
  data: Record<string, unknown>,
): Promise<boolean> {
  const notice = RefundNoticeSchema.safeParse(data);
  if (!notice.success) return false;
  return checkRefundsOfChargeNow({ ...deps, log }, notice.data.transaction_reference);
}
