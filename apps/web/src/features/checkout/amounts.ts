import { type CheckoutAmounts, type CheckoutProduct, checkoutAmounts } from '@bizdash/shared';

/** What the customer pays for `quantity` units, worked out exactly as the server will. */
export function productAmounts(product: CheckoutProduct, quantity: number): CheckoutAmounts {
  return checkoutAmounts({
    unitAmount: product.amount,
    quantity,
    currency: product.currency,
    rule: product.feeRule,
    bearer: product.feeBearer,
  });
}
