/** What other parts of the API may use of checkout: the customer's receipt, sent by the event pipeline. */
export { sendReceipt } from './checkout-receipt.ts';
