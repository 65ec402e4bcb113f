import { formatMaskedAccountNumber, type Payout, type PayoutStatus } from '@bizdash/shared';
import { type BadgeTone, StatusBadge } from '@/components/ui/status-badge';

const STATUS_DISPLAY: Record<PayoutStatus, { label: string; tone: BadgeTone }> = {
  PENDING_CONFIRMATION: { label: 'Awaiting confirmation', tone: 'yellow' },
  PROCESSING: { label: 'Processing', tone: 'blue' },
  SUCCESSFUL: { label: 'Successful', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
  CANCELLED: { label: 'Cancelled', tone: 'grey' },
};

/** The payout's status in words; the raw value stays in data-status for tests and styling. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { label, tone } = STATUS_DISPLAY[status];
  return (
    <StatusBadge tone={tone} data-testid="payout-status" data-status={status}>
      {label}
    </StatusBadge>
  );
}

/** A failed payout came back to the wallet: why the bank returned it. */
export const returnedReason = (payout: Pick<Payout, 'status' | 'failureReason'>) =>
  payout.status === 'FAILED' ? `Returned: ${payout.failureReason ?? 'the bank did not accept it'}` : null;

/** 'Guaranty Trust Bank ****6789': the bank and the masked number, as statements name an account. */
export const accountLabel = (account: { bankName: string; accountNumberMasked: string }) =>
  `${account.bankName} ${formatMaskedAccountNumber(account.accountNumberMasked)}`;
