import { CUSTOMER_SORTS, type CustomerSort } from '@bizdash/shared';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { cn } from '@/lib/cn';

const SEARCH_DEBOUNCE_MS = 300;

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
  const id = useId();
  const [text, setText] = useState(search);
  const pushed = useRef(search);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;

  // The URL changed without typing (Back, a link with ?q=): show what it says.
  useEffect(() => {
    if (search !== pushed.current) {
      pushed.current = search;
      setText(search);
    }
  }, [search]);

  const push = (value: string) => {
    if (value === pushed.current) return;
    pushed.current = value;
    latestOnSearch.current(value);
  };
  const pushRef = useRef(push);
  pushRef.current = push;

  useEffect(() => {
    const timer = window.setTimeout(() => pushRef.current(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      {/* biome-ignore lint/a11y/useSemanticElements: the form carries the search landmark role itself */}
      <form
        role="search"
        aria-label="Search customers"
        className="flex min-w-0 flex-col gap-1.5 md:w-96"
        onSubmit={(event) => {
          event.preventDefault();
          push(text);
        }}
      >
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
          Search
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
            placeholder="Name or email"
            className={cn(inputClasses(false), 'pl-10')}
          />
        </div>
      </form>
      <div className="flex items-center gap-2">
        <span className="text-sm text-slate-600" aria-hidden="true">
          Sort by
        </span>
        <SegmentedControl legend="Sort customers by" options={SORT_OPTIONS} value={sort} onChange={onSort} />
      </div>
    </div>
  );
}
