import {
  type DisputeReason,
  type DisputeStatus,
  type RefundReason,
  type RefundStatus,
  transactionStatusDisplay,
} from '@bizdash/shared';
import { type BadgeTone, StatusBadge } from '@/components/ui/status-badge';

/** A payment's status as the transactions list shows it (SPEC section 4's colours). */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { label, tone } = transactionStatusDisplay(status);
  return (
    <StatusBadge tone={tone} data-testid="payment-status" data-status={status} className="capitalize">
      {label}
    </StatusBadge>
  );
}

const REFUND_STATUS: Record<RefundStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'yellow' },
  SUCCEEDED: { label: 'Refunded', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
};

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { label, tone } = REFUND_STATUS[status];
  return (
    <StatusBadge tone={tone} data-testid="refund-status" data-status={status}>
      {label}
    </StatusBadge>
  );
}

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the customer',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
  other: 'Other',
};

const DISPUTE_STATUS: Record<DisputeStatus, { label: string; tone: BadgeTone }> = {
  NEEDS_RESPONSE: { label: 'Needs response', tone: 'red' },
  UNDER_REVIEW: { label: 'Under review', tone: 'yellow' },
  WON: { label: 'Won', tone: 'green' },
  LOST: { label: 'Lost', tone: 'grey' },
  ACCEPTED: { label: 'Accepted', tone: 'grey' },
};

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  const { label, tone } = DISPUTE_STATUS[status];
  return (
    <StatusBadge tone={tone} data-testid="dispute-status" data-status={status}>
      {label}
    </StatusBadge>
  );
}

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  fraudulent: 'Fraudulent',
  product_not_received: 'Product not received',
  not_as_described: 'Not as described',
  duplicate: 'Duplicate payment',
  other: 'Other',
};
