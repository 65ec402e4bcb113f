import { type RefundReason, type RefundStatus, transactionStatusDisplay } from '@bizdash/shared';
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
