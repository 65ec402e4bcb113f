import { Search } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { ClearFiltersButton, DateRangeFields } from '@/components/ui/list-filters';
import { cn } from '@/lib/cn';
import { useFitsWidth } from '@/lib/use-fits-width';
import type { ListFilters } from '../use-list-params';

const SEARCH_DEBOUNCE_MS = 300;
/**
 * The search box's hint, whole where the box has room for it (15 px text after the icon), shorter on a phone:
 * at 390 px the long one was cut mid-word.
 */
const SEARCH_HINT = {
  long: 'Description, beneficiary or order reference',
  short: 'Description, name or reference',
};
const LONG_HINT_MIN_WIDTH = 380;

interface TransactionFiltersProps {
  filters: ListFilters;
  onChange: (changes: Partial<ListFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  filtered: boolean;
}

/** Search text (debounced) and a date range; every value lives in the URL. */
export function TransactionFilters({ filters, onChange, onClear, filtered }: TransactionFiltersProps) {
  const id = useId();
  const { ref: searchBox, wide: roomForLongHint } = useFitsWidth(LONG_HINT_MIN_WIDTH);
  const [text, setText] = useState(filters.query);
  const pushed = useRef(filters.query);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  // The URL changed without typing (Clear filters, Back): show what it says.
  useEffect(() => {
    if (filters.query !== pushed.current) {
      pushed.current = filters.query;
      setText(filters.query);
    }
  }, [filters.query]);

  const push = useCallback((value: string) => {
    if (value === pushed.current) return;
    pushed.current = value;
    latestOnChange.current({ query: value }, { replace: true });
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => push(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, push]);

  return (
    // A form (not <search>) so Enter in the search box searches at once instead of after the pause.
    // biome-ignore lint/a11y/useSemanticElements: the form carries the search landmark role itself
    <form
      role="search"
      aria-label="Filter transactions"
      onSubmit={(event) => {
        event.preventDefault();
        push(text);
      }}
      className={cn(
        // Aligned at the top, so a date's error message below it does not push the other fields up.
        'mb-4 grid grid-cols-2 items-start gap-3',
        filtered
          ? 'md:grid-cols-[minmax(0,1fr)_10.5rem_10.5rem_auto]'
          : 'md:grid-cols-[minmax(0,1fr)_10.5rem_10.5rem]',
      )}
    >
      <div className="col-span-2 flex flex-col gap-1.5 md:col-span-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
          Search
        </label>
        <div className="relative" ref={searchBox}>
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
            placeholder={roomForLongHint ? SEARCH_HINT.long : SEARCH_HINT.short}
            className={cn(inputClasses(false), 'pl-10')}
          />
        </div>
      </div>
      <DateRangeFields from={filters.from} to={filters.to} onChange={onChange} />
      {filtered ? (
        // Level with the inputs, below their labels (20 px of text and a 6 px gap).
        <ClearFiltersButton onClick={onClear} className="md:col-span-1 md:mt-6.5" />
      ) : null}
    </form>
  );
}
