import { SearchX, X } from 'lucide-react';
import { Button } from './button';
import { DateField } from './date-field';
import { EmptyState } from './empty-state';

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
}

/** A narrowed list that came back empty, offering to clear the filters. */
export function NoMatchesState({ title, description, onClearFilters }: NoMatchesStateProps) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Button variant="secondary" onClick={onClearFilters}>
          Clear filters
        </Button>
      }
    />
  );
}
