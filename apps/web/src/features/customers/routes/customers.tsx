import { PageHeader } from '@/components/ui/page-header';
import { CustomerFilters } from '../components/customer-filters';
import { CustomerList } from '../components/customer-list';
import { useCustomerParams } from '../use-customer-params';

/** /customers: everyone who paid through checkout, found by name or email, by last payment or total spent. */
export function Component() {
  const { search, sort, page, setSearch, setSort, setPage } = useCustomerParams();
  return (
    <>
      <PageHeader
        title="Customers"
        description="Everyone who paid you through a payment link, by email: what they spent and what they got back."
      />
      <CustomerFilters search={search} sort={sort} onSearch={setSearch} onSort={setSort} />
      <CustomerList
        page={page}
        search={search}
        sort={sort}
        onPageChange={setPage}
        onClearSearch={() => setSearch('')}
      />
    </>
  );
}
