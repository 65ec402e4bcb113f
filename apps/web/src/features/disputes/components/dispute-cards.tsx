import { DISPUTE_REASON_LABELS, formatMoney } from '@bizdash/shared';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { DisputeStatusBadge } from './dispute-status-badge';
import { type DisputeRowsProps, disputePath } from './disputes-table';
import { DueDate } from './due-date';

/** Narrow screens: each dispute is a card linking to its page, so nothing scrolls sideways. */
export function DisputeCards({ disputes, caption, stale = false }: DisputeRowsProps) {
  return (
    <ul
      aria-label={caption}
      className={cn('divide-y divide-slate-100 transition-opacity', stale && 'opacity-60')}
    >
      {disputes.map((dispute) => (
        <li
          key={dispute.id}
          data-testid="dispute-row"
          data-dispute-id={dispute.id}
          data-status={dispute.status}
        >
          <Link
            to={disputePath(dispute)}
            className="flex items-center gap-3 px-4 py-3.5 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
          >
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium text-slate-900">{dispute.customerName}</span>
                <span
                  className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums"
                  data-testid="dispute-amount"
                >
                  {formatMoney(dispute.amount, dispute.currency)}
                </span>
              </span>
              <span className="truncate text-xs text-slate-600">
                {DISPUTE_REASON_LABELS[dispute.reason]} ·{' '}
                <span className="font-mono">{dispute.reference}</span>
              </span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                <DisputeStatusBadge status={dispute.status} />
                {dispute.status === 'NEEDS_RESPONSE' ? (
                  <DueDate dueBy={dispute.evidenceDueBy} status={dispute.status} />
                ) : null}
              </span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
