import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type TeamMember } from '@bizdash/shared';
import { useId } from 'react';
import { FieldShell, inputClasses } from '@/components/ui/form-field';
import { ClearFiltersButton, DateRangeFields } from '@/components/ui/list-filters';
import { cn } from '@/lib/cn';
import type { ActivityFilterChanges, ActivityFilters as Filters } from '../use-activity-params';

/** The actions in the order of their labels, so the list reads alphabetically. */
const ACTION_OPTIONS = [...AUDIT_ACTIONS].sort((a, b) =>
  AUDIT_ACTION_LABELS[a].localeCompare(AUDIT_ACTION_LABELS[b]),
);

interface ActivityFiltersProps {
  filters: Filters;
  people: TeamMember[];
  onChange: (changes: ActivityFilterChanges) => void;
  onClear: () => void;
  filtered: boolean;
}

/** Person, action and a date range; every value lives in the URL. */
export function ActivityFilters({ filters, people, onChange, onClear, filtered }: ActivityFiltersProps) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form carries the search landmark role itself
    <form
      role="search"
      aria-label="Filter activity"
      onSubmit={(event) => event.preventDefault()}
      className={cn(
        'mb-4 grid grid-cols-2 items-start gap-3',
        filtered
          ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10.5rem_10.5rem_auto]'
          : 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10.5rem_10.5rem]',
      )}
    >
      <FieldShell id={`${id}-person`} label="Person" className="col-span-2 min-w-0 sm:col-span-1">
        <select
          id={`${id}-person`}
          value={filters.person}
          onChange={(event) => onChange({ person: event.target.value })}
          className={inputClasses(false)}
        >
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {`${person.firstName} ${person.lastName}`.trim() || person.email}
            </option>
          ))}
          {filters.person && !people.some((person) => person.id === filters.person) ? (
            <option value={filters.person}>A former member</option>
          ) : null}
        </select>
      </FieldShell>
      <FieldShell id={`${id}-action`} label="Action" className="col-span-2 min-w-0 sm:col-span-1">
        <select
          id={`${id}-action`}
          value={filters.action}
          onChange={(event) => onChange({ action: event.target.value as AuditAction | '' })}
          className={inputClasses(false)}
        >
          <option value="">All actions</option>
          {ACTION_OPTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </FieldShell>
      <DateRangeFields from={filters.from} to={filters.to} onChange={onChange} />
      {filtered ? (
        // Level with the fields, below their labels (20 px of text and a 6 px gap).
        <ClearFiltersButton onClick={onClear} className="lg:col-span-1 lg:mt-6.5" />
      ) : null}
    </form>
  );
}
