import type { FeeSchedule } from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { AppDeps } from '../../types.ts';

/** What checkout needs from the app: the database, the card acquirer, the fee schedule, a logger. */
export interface CheckoutContext {
  db: Db;
  provider: PaymentsProvider;
  feeSchedule: FeeSchedule;
  abandonAfterMinutes: number;
  /** Events were committed (a booked payment): the job runner looks at once. */
  kickEvents: () => void;
  log: FastifyBaseLogger;
}

export function createCheckoutContext(deps: AppDeps, log: FastifyBaseLogger): CheckoutContext {
  return {
    db: deps.database.db,
    provider: deps.payments,
    feeSchedule: deps.config.checkout.feeSchedule,
    abandonAfterMinutes: deps.config.checkout.abandonAfterMinutes,
    kickEvents: () => deps.jobs.kick(),
    log,
  };
}
