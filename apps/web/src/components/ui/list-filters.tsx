import { Search, SearchX, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { DateField } from './date-field';
import { EmptyState } from './empty-state';
import { inputClasses } from './form-field';

const SEARCH_DEBOUNCE_MS = 300;

interface ListSearchFieldProps {
  /** The search landmark's name: 'Search products'. */
  landmark: string;
  placeholder: string;
  /** The search the list shows (from the URL). */
  search: string;
  onSearch: (search: string) => void;
}

/** A list's search box: asks once the typing pauses (Enter at once), and follows the URL when it changes alone. */
export function ListSearchField({ landmark, placeholder, search, onSearch }: ListSearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(search);
  const pushed = useRef(search);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;

  // The URL changed without typing (Back, a link with the search in it, Clear search): show what it says.
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
    // biome-ignore lint/a11y/useSemanticElements: the form carries the search landmark role itself
    <form
      role="search"
      aria-label={landmark}
      className="flex min-w-0 flex-col gap-1.5 md:w-96"
      onSubmit={(event) => {
        event.preventDefault();
        push(text);
      }}
    >
      <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
        Search
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          className={cn(inputClasses(false), 'pl-10')}
        />
      </div>
    </form>
  );
}

interface DateRange {
  from: string;
  to: string;
}

interface DateRangeFieldsProps extends DateRange {
  onChange: (changes: Partial<DateRange>) => void;
}

/** A list filter's From and To days, each bounding the other. */
export function DateRangeFields({ from, to, onChange }: DateRangeFieldsProps) {
  return (
    <>
      <DateField
        label="From"
        value={from}
        max={to || undefined}
        onChange={(next) => onChange({ from: next })}
      />
      <DateField label="To" value={to} min={from || undefined} onChange={(next) => onChange({ to: next })} />
    </>
  );
}

interface ClearFiltersButtonProps {
  onClick: () => void;
  /** Where it sits in the filter grid, from the breakpoint the fields stand in one row: `md:col-span-1 md:mt-6.5`. */
  className: string;
}

/** Ends a filter row once anything is narrowed, level with the fields below their labels. */
export function ClearFiltersButton({ onClick, className }: ClearFiltersButtonProps) {
  return (
    <Button
      variant="ghost"
      size="lg"
      className={`col-span-2 justify-self-start ${className}`}
      icon={<X className="size-4" aria-hidden="true" />}
      onClick={onClick}
    >
      Clear filters
    </Button>
  );
}

interface NoMatchesStateProps {
  /** 'No transactions match these filters'. */
  title: string;
  /** What to try instead. */
  description: string;
  onClearFilters: () => void;
  /** 'Clear search' when a search is all that narrows the list. */
  clearLabel?: string;
}

/** A narrowed list that came back empty, offering to clear the filters. */
export function NoMatchesState({
  title,
  description,
  onClearFilters,
  clearLabel = 'Clear filters',
}: NoMatchesStateProps) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Button variant="secondary" onClick={onClearFilters}>
          {clearLabel}
        </Button>
      }
    />
  );
}
