/**
 * Refunds of card payments (issue 22 §1, ADR 049): the routes, the job that hears the card network's answers, and
 * the customer's email the event pipeline sends when a refund is made; making one (the demo seed); the table for
 * the customers feature's sums (refunds.joins.ts); a charge's refunds checked now when the network's webhook names it.
 */

export { sendRefundEmail } from './refund-email.ts';
export { joinableRefunds } from './refunds.joins.ts';
export { refundsRoutes } from './refunds.routes.ts';
export { createRefund } from './refunds.service.ts';
export { advanceDueRefunds, checkRefundsOfChargeNow, refundsJobs } from './refunds-network.job.ts';
