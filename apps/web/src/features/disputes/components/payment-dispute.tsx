import { DISPUTE_REASON_LABELS, formatMoney } from '@bizdash/shared';
import { ChevronRight, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { usePaymentDisputes } from '../api/get-disputes';
import { DisputeStatusBadge } from './dispute-status-badge';
import { disputePath } from './disputes-table';
import { DueDate } from './due-date';

/** Under a card payment's details: its disputes, each one click from its page (nothing when it has none). */
export function PaymentDisputes({ transactionId }: { transactionId: string }) {
  const { data: disputes } = usePaymentDisputes(transactionId);
  if (!disputes?.length) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Disputes of this payment">
      {disputes.map((dispute) => (
        <li key={dispute.id}>
          <Link
            to={disputePath(dispute)}
            data-testid="payment-dispute"
            data-status={dispute.status}
            className="flex items-center gap-3 rounded-lg px-3.5 py-2.5 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <ShieldAlert className="size-5 shrink-0 text-red-600" aria-hidden="true" />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="text-xs text-slate-600">
                Disputed: {DISPUTE_REASON_LABELS[dispute.reason]}
              </span>
              <span className="text-sm font-medium text-slate-900 tabular-nums">
                {formatMoney(dispute.amount, dispute.currency)}
              </span>
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                <DisputeStatusBadge status={dispute.status} />
                {dispute.status === 'NEEDS_RESPONSE' ? (
                  <DueDate dueBy={dispute.evidenceDueBy} status={dispute.status} />
                ) : null}
              </span>
            </span>
            <span className="flex shrink-0 items-center gap-0.5 text-sm font-medium text-brand-700">
              View dispute
              <ChevronRight className="size-4" aria-hidden="true" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
