import type { RefundReason } from '@bizdash/shared';

/** The four reasons of the contract (REFUND_REASONS) as the merchant reads them. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the customer',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
  other: 'Other',
};
