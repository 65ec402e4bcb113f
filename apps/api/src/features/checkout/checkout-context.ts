import type { FeeSchedule } from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TransactionDeps } from '../../db/transaction.ts';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { AppDeps } from '../../types.ts';

/**
 * What checkout needs from the app: the database (and the job runner its transactions wake when they wrote an
 * event), the acquirer (a card network, or a hosted checkout: narrow on `provider.flow`), the fee schedule, the
 * public address a hosted checkout sends customers back to, a logger.
 */
export interface CheckoutContext extends TransactionDeps {
  db: Db;
  provider: PaymentsProvider;
  feeSchedule: FeeSchedule;
  abandonAfterMinutes: number;
  /** PUBLIC_URL, without a trailing slash: never a request's Host. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function createCheckoutContext(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'payments' | 'config'>,
  log: FastifyBaseLogger,
): CheckoutContext {
  return {
    db: deps.database.db,
    database: deps.database,
    jobs: deps.jobs,
    provider: deps.payments,
    feeSchedule: deps.config.checkout.feeSchedule,
    abandonAfterMinutes: deps.config.checkout.abandonAfterMinutes,
    publicUrl: deps.config.publicUrl,
    log,
  };
}
