import { ChevronRight, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { usePaymentCustomer } from '../api/get-payment-customer';
import { customerPath } from './customers-table';

/** Under a card payment's details: who paid, one click from their page (nothing while unknown). */
export function PaymentCustomer({ transactionId }: { transactionId: string }) {
  const { data: customer } = usePaymentCustomer(transactionId);
  if (!customer) return null;
  return (
    <Link
      to={customerPath(customer)}
      data-testid="payment-customer"
      className="flex items-center gap-3 rounded-lg px-3.5 py-2.5 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <UserRound className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-xs text-slate-600">Customer</span>
        <span className="truncate text-sm font-medium text-slate-900">{customer.name}</span>
        <span className="truncate text-xs text-slate-600">{customer.email}</span>
      </span>
      <span className="flex shrink-0 items-center gap-0.5 text-sm font-medium text-brand-700">
        View customer
        <ChevronRight className="size-4" aria-hidden="true" />
      </span>
    </Link>
  );
}
