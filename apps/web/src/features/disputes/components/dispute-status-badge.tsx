import { DISPUTE_STATUS_LABELS, type DisputeStatus } from '@bizdash/shared';
import { type BadgeTone, StatusBadge } from '@/components/ui/status-badge';

const TONES: Record<DisputeStatus, BadgeTone> = {
  NEEDS_RESPONSE: 'red',
  UNDER_REVIEW: 'yellow',
  WON: 'green',
  LOST: 'grey',
  ACCEPTED: 'grey',
};

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return (
    <StatusBadge tone={TONES[status]} data-testid="dispute-status" data-status={status}>
      {DISPUTE_STATUS_LABELS[status]}
    </StatusBadge>
  );
}
