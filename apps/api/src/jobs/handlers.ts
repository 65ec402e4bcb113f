import { sendReceipt } from '../features/checkout/index.ts';
import { sendDisputeEmail } from '../features/disputes/index.ts';
import { notify } from '../features/notifications/index.ts';
import { sendRefundEmail } from '../features/refunds/index.ts';
import { sendPasswordChangedEmail } from '../features/security/index.ts';
import { enqueueWebhook } from '../features/webhooks/index.ts';
import type { AppDeps } from '../types.ts';
import type { EventHandlers } from './subscriptions.ts';

/**
 * What each subscriber does with an event; a throw is a failed attempt, retried with backoff. Handlers read and
 * write through the job runner's connections (`jobsDb`): they never wait behind requests for a connection.
 */
export function createEventHandlers(given: Pick<AppDeps, 'database' | 'email' | 'config'>): EventHandlers {
  const { database } = given;
  const deps = {
    config: given.config,
    database: { ...database, db: database.jobsDb },
    email: given.email.on(database.jobsDb),
  };
  return {
    'receipt-email': async (event, { deliveryId }) => {
      if (event.type !== 'payment.succeeded') return;
      await sendReceipt(deps, event.data.paymentId, deliveryId);
    },
    notify: async (event) => notify(deps, event),
    'password-changed-email': async (event) => {
      if (event.type !== 'security.password_changed') return;
      await sendPasswordChangedEmail(deps, event);
    },
    'refund-email': async (event, { deliveryId }) => {
      if (event.type !== 'refund.created') return;
      await sendRefundEmail(deps, event.data.refundId, deliveryId);
    },
    'dispute-email': async (event, { deliveryId }) => {
      if (event.type !== 'dispute.created' && event.type !== 'dispute.evidence_due_soon') return;
      await sendDisputeEmail(deps, event, deliveryId);
    },
    webhooks: async (event) => enqueueWebhook(deps, event),
  };
}
