import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../types.ts';

type NoticeDeps = Pick<AppDeps, 'config' | 'database' | 'payments' | 'jobs'>;

/** A `charge.dispute.*` event from Paystack: the dispute it names is recorded as Paystack says it stands now. */
export async function applyDisputeNotice(
  _deps: NoticeDeps,
  _log: FastifyBaseLogger,
  _data: Record<string, unknown>,
): Promise<boolean> {
  return false;
}
