import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../types.ts';

type NoticeDeps = Pick<AppDeps, 'config' | 'database' | 'payments' | 'jobs'>;

/** A `refund.*` event from Paystack: the refund it names checks where it stands now. */
export async function applyRefundNotice(
  _deps: NoticeDeps,
  _log: FastifyBaseLogger,
  _data: Record<string, unknown>,
): Promise<boolean> {
  return false;
}
