/**
 * What other parts of the API may use of checkout: the customer's receipt (sent by the event pipeline), and
 * opening a payment (the demo seed's customers who are paying right now).
 */
export { sendReceipt } from './checkout-receipt.ts';
export { openPayment } from './checkout-transitions.ts';
