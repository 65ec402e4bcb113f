import type { CustomerSort } from '@bizdash/shared';
import { SearchX, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { ListFrame, ListSkeleton } from '@/components/ui/list-frame';
import { ListPagination } from '@/components/ui/pagination';
import { PastLastPage } from '@/components/ui/past-last-page';
import { useFitsWidth } from '@/lib/use-fits-width';
import { useCustomers } from '../api/get-customers';
import { CustomerCards } from './customer-cards';
import { CustomersTable } from './customers-table';

/** Below this width each customer becomes a card: the four number columns take about 480 px. */
const TABLE_MIN_WIDTH = 760;
const CAPTION = 'Customers';

interface CustomerListProps {
  page: number;
  search: string;
  sort: CustomerSort;
  onPageChange: (page: number) => void;
  onClearSearch: () => void;
}

/** The merchant's customers: loading, error, empty (none yet, or none matching), rows and paging. */
export function CustomerList({ page, search, sort, onPageChange, onClearSearch }: CustomerListProps) {
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const query = useCustomers({ page, search: search.trim(), sort });
  const { data } = query;

  if (!data) {
    if (query.isError) return <QueryErrorState query={query} />;
    return <ListSkeleton label="Loading customers" ref={ref} />;
  }

  if (data.items.length === 0) {
    if (page > 1 && data.totalElements > 0) {
      return (
        <PastLastPage
          subject="Your customers"
          totalPages={data.totalPages}
          onFirstPage={() => onPageChange(1)}
        />
      );
    }
    if (search.trim()) {
      return (
        <EmptyState
          icon={SearchX}
          title="No customers match"
          description={`No customer's name or email contains "${search.trim()}".`}
          action={
            <Button variant="secondary" onClick={onClearSearch}>
              Clear search
            </Button>
          }
        />
      );
    }
    return (
      <EmptyState
        icon={Users}
        title="No customers yet"
        description="Everyone who pays you through a payment link shows up here, with what they spent and got back."
        action={
          <Link to="/products" className={buttonClasses('primary')}>
            Go to payment links
          </Link>
        }
      />
    );
  }

  const stale = query.isPlaceholderData;
  const rows = { customers: data.items, caption: CAPTION, stale };
  return (
    <ListFrame busy={stale} ref={ref}>
      {wide ? <CustomersTable {...rows} /> : <CustomerCards {...rows} />}
      <ListPagination page={data} onPageChange={onPageChange} noun="customers" busy={stale} />
    </ListFrame>
  );
}
