import type { FastifyInstance } from 'fastify';
import type { CheckoutContext } from '../features/checkout/checkout-context.ts';
import { failAbandonedPayments } from '../features/checkout/checkout-settlement.ts';

const EVERY_MINUTE_MS = 60_000;

/**
 * Once a minute, payments left unfinished past the limit become FAILED. Safe in every process at once (claims
 * skip locked rows); a run that fails is logged and the next minute tries again.
 */
export function scheduleAbandonedPayments(app: FastifyInstance, context: CheckoutContext) {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = failAbandonedPayments(context)
      .then((failed) => {
        if (failed > 0) app.log.info({ failed }, 'abandoned payments marked FAILED');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'abandoned-payments job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, EVERY_MINUTE_MS);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
