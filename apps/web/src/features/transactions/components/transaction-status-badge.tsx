import { transactionStatusDisplay } from '@bizdash/shared';
import { StatusBadge } from '@/components/ui/status-badge';

/** SPEC section 4: success green, pending yellow, failed red, anything else unknown grey; '-' when missing. */
export function TransactionStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, tone } = transactionStatusDisplay(status);
  if (!tone) return <span className="text-sm text-slate-600">{label}</span>;
  return (
    <StatusBadge tone={tone} data-testid="transaction-status" data-tone={tone} className="capitalize">
      {label}
    </StatusBadge>
  );
}
