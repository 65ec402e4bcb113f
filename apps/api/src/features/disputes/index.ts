/**
 * Disputes (chargebacks) of card payments (issue 22 §2, ADR 051): the routes, the job that hears the card network
 * (opens, decides) and tells it the merchant's answers, loses overdue disputes and sends reminders, the merchant's
 * email, and where a payment stands against its disputes (a refund of a disputed payment is refused); the table for
 * the customers feature's counts (disputes.joins.ts); listing and answering them (the demo seed).
 */

export { sendDisputeEmail } from './dispute-email.ts';
export { joinableDisputes } from './disputes.joins.ts';
export { hasOpenDispute, sumDisputedByPayment } from './disputes.repository.ts';
export { disputesRoutes } from './disputes.routes.ts';
export { listOwnDisputes, saveEvidence } from './disputes.service.ts';
export {
  disputesJobs,
  recordDisputeUpdate,
  runDisputesJob,
} from './disputes-network.job.ts';
