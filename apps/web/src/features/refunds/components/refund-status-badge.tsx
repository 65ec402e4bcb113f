import type { RefundStatus } from '@bizdash/shared';
import { type BadgeTone, StatusBadge } from '@/components/ui/status-badge';

const STATUS_DISPLAY: Record<RefundStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'yellow' },
  SUCCEEDED: { label: 'Refunded', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
};

/** A refund's status in words; the raw value stays in data-status for tests and styling. */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { label, tone } = STATUS_DISPLAY[status];
  return (
    <StatusBadge tone={tone} data-testid="refund-status" data-status={status}>
      {label}
    </StatusBadge>
  );
}
