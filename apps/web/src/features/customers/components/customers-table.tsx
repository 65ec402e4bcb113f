import { type Customer, formatDate } from '@bizdash/shared';
import { Link, useNavigate } from 'react-router';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { CustomerAmounts } from './customer-amounts';

export interface CustomerRowsProps {
  customers: Customer[];
  /** Names the table for assistive technology. */
  caption: string;
  /** A newer page is on its way: the current rows stay, dimmed. */
  stale?: boolean;
}

export const customerPath = (customer: Pick<Customer, 'id'>) => `/customers/${customer.id}`;

const COLUMNS = ['Customer', 'Payments', 'Total spent', 'Refunded', 'Last payment'] as const;
const cell = cn(tableCellClasses, 'align-middle');

/** Customer takes the room left; the numbers are as wide as they need, right-aligned. */
const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  Customer: 'w-full max-w-0 text-left',
  Payments: 'whitespace-nowrap text-right',
  'Total spent': 'whitespace-nowrap text-right',
  Refunded: 'whitespace-nowrap text-right',
  'Last payment': 'whitespace-nowrap text-left',
};

/** Wide screens: one row per customer; the row (and its name, a link) opens the customer's page. */
export function CustomersTable({ customers, caption, stale = false }: CustomerRowsProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      columnClasses={COLUMN_CLASSES}
      className={cn('transition-opacity', stale && 'opacity-60')}
    >
      {customers.map((customer) => (
        <tr
          key={customer.id}
          data-testid="customer-row"
          data-customer-id={customer.id}
          onClick={() => navigate(customerPath(customer))}
          className="cursor-pointer transition-colors hover:bg-slate-50"
        >
          <td className={cn(cell, COLUMN_CLASSES.Customer)}>
            <Link
              to={customerPath(customer)}
              onClick={(event) => event.stopPropagation()}
              className="block truncate rounded-sm font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              title={customer.name}
            >
              {customer.name}
            </Link>
            <span className="block truncate text-xs text-slate-600" title={customer.email}>
              {customer.email}
            </span>
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Payments, 'text-slate-700 tabular-nums')}>
            {customer.successfulPayments.toLocaleString('en')}
          </td>
          <td
            className={cn(cell, COLUMN_CLASSES['Total spent'], 'font-medium text-slate-900')}
            data-testid="customer-total-spent"
          >
            <CustomerAmounts amounts={customer.totalSpent} className="items-end" />
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Refunded, 'text-slate-700')}>
            <CustomerAmounts amounts={customer.refunds.amounts} className="items-end" />
          </td>
          <td className={cn(cell, COLUMN_CLASSES['Last payment'], 'text-slate-700 tabular-nums')}>
            {formatDate(customer.lastPaymentAt)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
