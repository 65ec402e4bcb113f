import { type AuditEvent, formatDateTime } from '@bizdash/shared';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { actionLabel, type PeopleById, personOf, targetText } from '../audit-text';
import { OutcomeBadge } from './outcome-badge';

export interface ActivityRowsProps {
  events: AuditEvent[];
  people: PeopleById;
  onOpen: (event: AuditEvent) => void;
  /** Names the list for assistive technology. */
  caption: string;
  /** A newer page is on its way: the current rows stay, dimmed. */
  stale?: boolean;
}

const COLUMNS = ['When', 'Person', 'Action', 'Target', 'IP address', 'Outcome'] as const;
const cell = cn(tableCellClasses, 'align-middle');

const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  When: 'whitespace-nowrap text-left',
  Person: 'w-1/4 max-w-0 text-left',
  Action: 'text-left',
  Target: 'whitespace-nowrap text-left',
  'IP address': 'whitespace-nowrap text-left',
  Outcome: 'whitespace-nowrap text-left',
};

/** Wide screens: one row per entry; the row (and its action, a button) opens the entry's details. */
export function ActivityTable({ events, people, onOpen, caption, stale = false }: ActivityRowsProps) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      columnClasses={COLUMN_CLASSES}
      className={cn('transition-opacity', stale && 'opacity-60')}
    >
      {events.map((event) => {
        const person = personOf(event, people);
        return (
          <tr
            key={event.id}
            data-testid="audit-row"
            data-outcome={event.outcome}
            onClick={() => onOpen(event)}
            className="cursor-pointer transition-colors hover:bg-slate-50"
          >
            <td className={cn(cell, COLUMN_CLASSES.When, 'text-slate-700 tabular-nums')}>
              <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
            </td>
            <td className={cn(cell, COLUMN_CLASSES.Person)}>
              <span className="block truncate font-medium text-slate-900" title={person.name}>
                {person.name}
              </span>
              {person.email ? (
                <span className="block truncate text-xs text-slate-600" title={person.email}>
                  {person.email}
                </span>
              ) : null}
            </td>
            <td className={cn(cell, COLUMN_CLASSES.Action)}>
              <button
                type="button"
                onClick={(click) => {
                  click.stopPropagation();
                  onOpen(event);
                }}
                className="rounded-sm text-left font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {actionLabel(event)}
              </button>
            </td>
            <td className={cn(cell, COLUMN_CLASSES.Target, 'text-slate-700')}>{targetText(event) ?? '-'}</td>
            <td className={cn(cell, COLUMN_CLASSES['IP address'], 'font-mono text-xs text-slate-700')}>
              {event.ip ?? '-'}
            </td>
            <td className={cn(cell, COLUMN_CLASSES.Outcome)}>
              <OutcomeBadge outcome={event.outcome} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
