import { formatDate, TRUNCATE_LIMITS, transactionChannelLabel, truncate } from '@bizdash/shared';
import { cn } from '@/lib/cn';
import { shortTransactionName } from '../transaction-name';
import { TransactionAmount } from './transaction-amount';
import { TransactionStatusBadge } from './transaction-status-badge';
import type { TransactionRowsProps } from './transactions-table';

/** Narrow screens: each transaction is one tappable card (a button), so nothing scrolls sideways. */
export function TransactionCards({ transactions, onOpen, caption, stale = false }: TransactionRowsProps) {
  return (
    <ul
      aria-label={caption}
      className={cn('divide-y divide-slate-100 transition-opacity', stale && 'opacity-60')}
    >
      {transactions.map((transaction) => (
        <li key={transaction.id}>
          <button
            type="button"
            data-testid="transaction-row"
            data-transaction-id={transaction.id}
            onClick={() => onOpen(transaction)}
            className="flex w-full flex-col gap-1.5 px-4 py-3.5 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
          >
            <span className="flex w-full items-baseline justify-between gap-3">
              <span className="min-w-0 truncate font-medium text-slate-900" title={transaction.description}>
                {shortTransactionName(transaction.description)}
              </span>
              <TransactionAmount transaction={transaction} className="text-sm" />
            </span>
            <span className="flex w-full items-center justify-between gap-3 text-xs text-slate-600">
              <span className="min-w-0 truncate" title={transaction.beneficiary ?? undefined}>
                {truncate(transaction.beneficiary, TRUNCATE_LIMITS.beneficiary) || '-'}
              </span>
              <TransactionStatusBadge status={transaction.transactionStatus} />
            </span>
            <span className="flex w-full items-center justify-between gap-3 text-xs text-slate-600 tabular-nums">
              <span>{formatDate(transaction.impactTime)}</span>
              <span className="truncate">
                {transactionChannelLabel(transaction.transactionChannel)}
                {transaction.orderReference ? ` · ${transaction.orderReference}` : ''}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function TransactionCardsSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, index) => `card-skeleton-${index}`).map((key) => (
        <li key={key} className="flex flex-col gap-2 px-4 py-4">
          <span className="flex justify-between gap-6">
            <span className="h-4 w-40 animate-pulse rounded bg-slate-100" />
            <span className="h-4 w-20 animate-pulse rounded bg-slate-100" />
          </span>
          <span className="h-3 w-28 animate-pulse rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
