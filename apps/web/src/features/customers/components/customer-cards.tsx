import { formatDate } from '@bizdash/shared';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { CustomerAmounts } from './customer-amounts';
import { type CustomerRowsProps, customerPath } from './customers-table';

const plural = (count: number, noun: string) =>
  `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;

/** Narrow screens: each customer is a card linking to their page, so nothing scrolls sideways. */
export function CustomerCards({ customers, caption, stale = false }: CustomerRowsProps) {
  return (
    <ul
      aria-label={caption}
      className={cn('divide-y divide-slate-100 transition-opacity', stale && 'opacity-60')}
    >
      {customers.map((customer) => (
        <li key={customer.id} data-testid="customer-row" data-customer-id={customer.id}>
          <Link
            to={customerPath(customer)}
            className="flex items-center gap-3 px-4 py-3.5 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
          >
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium text-slate-900">{customer.name}</span>
                <CustomerAmounts
                  amounts={customer.totalSpent}
                  className="shrink-0 items-end text-sm font-semibold text-slate-900"
                  testId="customer-total-spent"
                />
              </span>
              <span className="truncate text-xs text-slate-600">{customer.email}</span>
              <span className="text-xs text-slate-600 tabular-nums">
                {plural(customer.successfulPayments, 'payment')} · last {formatDate(customer.lastPaymentAt)}
                {customer.refunds.count > 0 ? ` · ${plural(customer.refunds.count, 'refund')}` : null}
                {customer.disputes.count > 0 ? ` · ${plural(customer.disputes.count, 'dispute')}` : null}
              </span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
