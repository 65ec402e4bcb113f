import type { UserStatus } from '@bizdash/shared';
import { type BadgeTone, StatusBadge } from '@/components/ui/status-badge';

const STATUS_DISPLAY: Record<UserStatus, { label: string; tone: BadgeTone }> = {
  PENDING_KYC: { label: 'Pending KYC', tone: 'yellow' },
  IN_REVIEW: { label: 'KYC in review', tone: 'yellow' },
  KYC_FAILED: { label: 'KYC failed', tone: 'red' },
  ACTIVE: { label: 'Active', tone: 'green' },
  SUSPENDED: { label: 'Suspended', tone: 'red' },
};

/** The merchant's status in words; the raw value stays in data-status for tests and styling. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const display = STATUS_DISPLAY[status];
  return (
    <StatusBadge tone={display.tone} data-testid="user-status" data-status={status}>
      {display.label}
    </StatusBadge>
  );
}
