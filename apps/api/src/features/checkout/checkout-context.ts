import type { FeeSchedule } from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TransactionDeps } from '../../db/transaction.ts';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { AppDeps } from '../../types.ts';

/**
 * What checkout needs from the app: the database (and the job runner its transactions wake when they wrote an
 * event), the card acquirer, the fee schedule, a logger.
 */
export interface CheckoutContext extends TransactionDeps {
  db: Db;
  provider: PaymentsProvider;
  feeSchedule: FeeSchedule;
  abandonAfterMinutes: number;
  log: FastifyBaseLogger;
}

export function createCheckoutContext(deps: AppDeps, log: FastifyBaseLogger): CheckoutContext {
  return {
    db: deps.database.db,
    database: deps.database,
    jobs: deps.jobs,
    provider: deps.payments,
    feeSchedule: deps.config.checkout.feeSchedule,
    abandonAfterMinutes: deps.config.checkout.abandonAfterMinutes,
    log,
  };
}
