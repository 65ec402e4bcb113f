import { ChevronLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-error';
import { useCustomer } from '../api/get-customer';
import { CustomerDetail } from '../components/customer-detail';

function BackToCustomers() {
  return (
    <Link
      to="/customers"
      className="mb-3 inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <ChevronLeft className="size-4" aria-hidden="true" />
      Customers
    </Link>
  );
}

/** /customers/:customerId: one customer's totals, payments and refunds. */
export function Component() {
  const { customerId = '' } = useParams();
  const query = useCustomer(customerId);
  let body: ReactNode;
  if (query.data) body = <CustomerDetail detail={query.data} />;
  else if (query.isError && isNotFound(query.error)) {
    body = (
      <EmptyState
        icon={SearchX}
        title="Customer not found"
        description="There is no customer at this address. They may be a customer of another account."
        action={
          <Link to="/customers" className={buttonClasses('primary')}>
            All customers
          </Link>
        }
      />
    );
  } else if (query.isError) body = <QueryErrorState query={query} />;
  else body = <PageSpinner />;
  return (
    <div className="mx-auto max-w-3xl">
      <BackToCustomers />
      <PageHeader title={query.data?.customer.name ?? 'Customer'} />
      {body}
    </div>
  );
}
