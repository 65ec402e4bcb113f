import { disputes } from '../../db/schema/disputes.ts';

/**
 * For the customers feature's statements, which count the disputes of a customer's payments in the same query as
 * the customers listed: the table to join. Disputes open, change and close only through the disputes face's verbs.
 */
export const joinableDisputes = disputes;
