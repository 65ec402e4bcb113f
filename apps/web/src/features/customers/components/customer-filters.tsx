import { CUSTOMER_SORTS, type CustomerSort } from '@bizdash/shared';
import { ListSearchField } from '@/components/ui/list-filters';
import { SegmentedControl } from '@/components/ui/segmented-control';

const SORT_LABELS: Record<CustomerSort, string> = {
  last_payment: 'Last payment',
  total_spent: 'Total spent',
};
const SORT_OPTIONS = CUSTOMER_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

interface CustomerFiltersProps {
  search: string;
  sort: CustomerSort;
  onSearch: (search: string) => void;
  onSort: (sort: CustomerSort) => void;
}

/** Search by name or email (debounced, Enter searches at once) and the order of the list. */
export function CustomerFilters({ search, sort, onSearch, onSort }: CustomerFiltersProps) {
  return (
    <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <ListSearchField
        landmark="Search customers"
        placeholder="Name or email"
        search={search}
        onSearch={onSearch}
      />
      <div className="flex items-center gap-2">
        <span className="text-sm text-slate-600" aria-hidden="true">
          Sort by
        </span>
        <SegmentedControl legend="Sort customers by" options={SORT_OPTIONS} value={sort} onChange={onSort} />
      </div>
    </div>
  );
}
