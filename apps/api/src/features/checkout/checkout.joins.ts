import { checkoutPayments } from '../../db/schema/checkout.ts';

/**
 * For the customers feature's statements, which add up a customer's payments in the same query as the customers
 * listed: the table to join. Payments open and change only through checkout's verbs.
 */
export const joinableCheckoutPayments = checkoutPayments;
