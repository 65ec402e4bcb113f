import { DISPUTE_REASON_LABELS, type DisputeListItem, formatMoney } from '@bizdash/shared';
import { Link, useNavigate } from 'react-router';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { DisputeStatusBadge } from './dispute-status-badge';
import { DueDate } from './due-date';

export interface DisputeRowsProps {
  disputes: DisputeListItem[];
  /** Names the table for assistive technology. */
  caption: string;
  /** A newer page is on its way: the current rows stay, dimmed. */
  stale?: boolean;
}

export const disputePath = (dispute: Pick<DisputeListItem, 'id'>) => `/disputes/${dispute.id}`;

const COLUMNS = ['Customer', 'Reason', 'Amount', 'Status', 'Respond by'] as const;
const cell = cn(tableCellClasses, 'align-middle');

const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  Customer: 'w-full max-w-0 text-left',
  Reason: 'whitespace-nowrap text-left',
  Amount: 'whitespace-nowrap text-right',
  Status: 'whitespace-nowrap text-left',
  'Respond by': 'whitespace-nowrap text-left',
};

/** Wide screens: one row per dispute; the row (and its customer, a link) opens the dispute. */
export function DisputesTable({ disputes, caption, stale = false }: DisputeRowsProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      columnClasses={COLUMN_CLASSES}
      className={cn('transition-opacity', stale && 'opacity-60')}
    >
      {disputes.map((dispute) => (
        <tr
          key={dispute.id}
          data-testid="dispute-row"
          data-dispute-id={dispute.id}
          data-status={dispute.status}
          onClick={() => navigate(disputePath(dispute))}
          className="cursor-pointer transition-colors hover:bg-slate-50"
        >
          <td className={cn(cell, COLUMN_CLASSES.Customer)}>
            <Link
              to={disputePath(dispute)}
              onClick={(event) => event.stopPropagation()}
              className="block truncate rounded-sm font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              title={dispute.customerName}
            >
              {dispute.customerName}
            </Link>
            <span className="block truncate font-mono text-xs text-slate-600">{dispute.reference}</span>
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Reason, 'text-slate-700')}>
            {DISPUTE_REASON_LABELS[dispute.reason]}
          </td>
          <td
            className={cn(cell, COLUMN_CLASSES.Amount, 'font-medium text-slate-900 tabular-nums')}
            data-testid="dispute-amount"
          >
            {formatMoney(dispute.amount, dispute.currency)}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Status)}>
            <DisputeStatusBadge status={dispute.status} />
          </td>
          <td className={cn(cell, COLUMN_CLASSES['Respond by'], 'tabular-nums')}>
            <DueDate dueBy={dispute.evidenceDueBy} status={dispute.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
