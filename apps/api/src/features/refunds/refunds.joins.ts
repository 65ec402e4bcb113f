import { refunds } from '../../db/schema/refunds.ts';

/**
 * For the customers feature's statements, which add up the refunds of a customer's payments in the same query as
 * the customers listed: the table to join. Refunds are made and settled only through the refunds face's verbs.
 */
export const joinableRefunds = refunds;
