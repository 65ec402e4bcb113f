import {
  formatDate,
  TRUNCATE_LIMITS,
  type Transaction,
  transactionChannelLabel,
  transactionTypeLabel,
  truncate,
} from '@bizdash/shared';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/lib/cn';
import { shortTransactionName } from '../transaction-name';
import { TransactionAmount } from './transaction-amount';
import { TransactionStatusBadge } from './transaction-status-badge';

export interface TransactionRowsProps {
  transactions: Transaction[];
  onOpen: (transaction: Transaction) => void;
  /** Names the table for assistive technology. */
  caption: string;
  /** A newer page is on its way: the current rows stay, dimmed. */
  stale?: boolean;
}

const COLUMNS = ['Date', 'Transaction', 'Transaction ID', 'Type', 'Channel / Reference', 'Status'];
const SKELETON_ROWS = Array.from({ length: 10 }, (_, index) => `skeleton-${index}`);
const cell = 'px-3 py-3 align-middle first:pl-4 last:pr-4';

function HeaderRow() {
  return (
    <tr>
      {COLUMNS.map((column) => (
        <th
          key={column}
          scope="col"
          className="px-3 py-2.5 text-left font-medium whitespace-nowrap first:pl-4"
        >
          {column}
        </th>
      ))}
      <th scope="col" className="px-3 py-2.5 pr-4 text-right font-medium">
        Amount
      </th>
    </tr>
  );
}

export function TypeLabel({ type }: { type: Transaction['transactionType'] }) {
  const Icon = type === 'DEBIT' ? ArrowUpRight : ArrowDownLeft;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap text-slate-700">
      <Icon
        className={cn('size-3.5', type === 'DEBIT' ? 'text-red-600' : 'text-emerald-600')}
        aria-hidden="true"
      />
      {transactionTypeLabel(type)}
    </span>
  );
}

function Row({ transaction, onOpen }: { transaction: Transaction; onOpen: TransactionRowsProps['onOpen'] }) {
  const open = () => onOpen(transaction);
  return (
    <tr
      data-testid="transaction-row"
      data-transaction-id={transaction.id}
      onClick={open}
      className="cursor-pointer transition-colors hover:bg-slate-50"
    >
      <td className={cn(cell, 'whitespace-nowrap text-slate-700 tabular-nums')}>
        {formatDate(transaction.impactTime)}
      </td>
      <td className={cell}>
        <button
          type="button"
          title={transaction.description}
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
          className="rounded-sm text-left font-medium whitespace-nowrap text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {shortTransactionName(transaction.description)}
        </button>
        <span
          className="block text-xs whitespace-nowrap text-slate-600"
          title={transaction.beneficiary ?? undefined}
        >
          {truncate(transaction.beneficiary, TRUNCATE_LIMITS.beneficiary) || '-'}
        </span>
      </td>
      <td className={cn(cell, 'whitespace-nowrap')}>
        <span className="inline-flex items-center gap-0.5">
          <span className="font-mono text-xs text-slate-700" title={transaction.transactionId}>
            {truncate(transaction.transactionId, 9)}
          </span>
          <CopyButton value={transaction.transactionId} label="transaction ID" />
        </span>
      </td>
      <td className={cell}>
        <TypeLabel type={transaction.transactionType} />
      </td>
      <td className={cn(cell, 'whitespace-nowrap')}>
        <span className="block text-slate-700">
          {transactionChannelLabel(transaction.transactionChannel)}
        </span>
        <span className="block font-mono text-xs text-slate-600" data-testid="order-reference">
          {transaction.orderReference ?? '-'}
        </span>
      </td>
      <td className={cell}>
        <TransactionStatusBadge status={transaction.transactionStatus} />
      </td>
      <td className={cn(cell, 'text-right')}>
        <TransactionAmount transaction={transaction} />
      </td>
    </tr>
  );
}

/** Wide screens: one row per transaction; the whole row opens its details, its name is the keyboard target. */
export function TransactionsTable({ transactions, onOpen, caption, stale = false }: TransactionRowsProps) {
  return (
    <div className="overflow-x-auto">
      <table className={cn('w-full text-sm transition-opacity', stale && 'opacity-60')}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-600">
          <HeaderRow />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {transactions.map((transaction) => (
            <Row key={transaction.id} transaction={transaction} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TransactionsTableSkeleton({ rows = SKELETON_ROWS.length }: { rows?: number }) {
  return (
    <div className="overflow-x-auto" aria-hidden="true">
      <table className="w-full text-sm">
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-600">
          <HeaderRow />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {SKELETON_ROWS.slice(0, rows).map((key) => (
            <tr key={key}>
              {[...COLUMNS, 'Amount'].map((column) => (
                <td key={column} className={cell}>
                  <span className="block h-4 w-full min-w-14 animate-pulse rounded bg-slate-100" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
