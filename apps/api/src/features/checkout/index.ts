/**
 * What other parts of the API may use of checkout: the customer's receipt (sent by the event pipeline), and
 * opening and paying a payment (the demo seed's customers), a payment link's product for its page
 * rendered on the server, whether a user was ever paid (an app with payments is archived, not erased), and a
 * payment as its refunds see it (locked while a refund is decided); the payments table for the customers feature's
 * sums (checkout.joins.ts); a hosted checkout's payment verified when its acquirer's webhook names it.
 */

export { checkoutJobs } from './abandoned-payments-job.ts';
export { joinableCheckoutPayments } from './checkout.joins.ts';
export {
  findPaymentForRefundById,
  hasCheckoutPayments,
  lockOwnedPaymentByTransaction,
  lockPaymentByProviderReference,
} from './checkout.repository.ts';
export { findCheckoutProductForPage, startPayment } from './checkout.service.ts';
export { createCheckoutContext } from './checkout-context.ts';
export { sendReceipt } from './checkout-receipt.ts';
export { verifyHostedPayment } from './hosted-checkout.ts';
export { openPayment } from './open-payment.ts';
