import { TRUNCATE_LIMITS, truncate } from '@bizdash/shared';

// Checkout payments booked before they stored the product's own name read "Payment for <product>".
const OLD_PAYMENT_PREFIX = /^Payment for\s+/i;

/**
 * What a list row leads with: what was sold ("Zobo drink x2"), cut at SPEC's 20 characters. Cutting
 * "Payment for Zobo drink" there would leave every row reading "Payment for Zobo d…".
 */
export function shortTransactionName(description: string): string {
  const name = description.replace(OLD_PAYMENT_PREFIX, '') || description;
  return truncate(name, TRUNCATE_LIMITS.transactionName);
}
