import type { ScheduledJob } from '../../jobs/schedule.repository.ts';
import type { FeatureJobs } from '../../types.ts';
import { failAbandonedPayments } from './checkout.service.ts';
import { type CheckoutContext, createCheckoutContext } from './checkout-context.ts';

/**
 * Once a minute, payments left unfinished past the limit become FAILED. Several processes may run the job
 * runner; the job's row is claimed by one of them at a time, and the payments themselves are claimed with SKIP
 * LOCKED besides.
 */
function abandonedPaymentsJob(context: CheckoutContext): ScheduledJob {
  return {
    name: 'abandoned-payments',
    everyMs: 60_000,
    run: async () => {
      const failed = await failAbandonedPayments(context);
      if (failed > 0) context.log.info({ failed }, 'abandoned payments marked FAILED');
    },
  };
}

/** Checkout's scheduled jobs (listed in app.ts). */
export const checkoutJobs: FeatureJobs = (deps, app) => [
  abandonedPaymentsJob(createCheckoutContext(deps, app.log)),
];
