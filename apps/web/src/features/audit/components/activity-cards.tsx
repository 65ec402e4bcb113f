import { formatDateTime } from '@bizdash/shared';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { actionLabel, personOf, targetText } from '../audit-text';
import type { ActivityRowsProps } from './activity-table';
import { OutcomeBadge } from './outcome-badge';

/** Narrow screens: each entry is one tappable card (a button), so nothing scrolls sideways. */
export function ActivityCards({ events, people, onOpen, caption, stale = false }: ActivityRowsProps) {
  return (
    <ul
      aria-label={caption}
      className={cn('divide-y divide-slate-100 transition-opacity', stale && 'opacity-60')}
    >
      {events.map((event) => {
        const person = personOf(event, people);
        const target = targetText(event);
        return (
          <li key={event.id}>
            <button
              type="button"
              data-testid="audit-row"
              data-outcome={event.outcome}
              onClick={() => onOpen(event)}
              className="flex w-full items-center gap-3 px-4 py-3.5 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex items-center justify-between gap-3">
                  <span className="min-w-0 truncate font-medium text-slate-900">{actionLabel(event)}</span>
                  <OutcomeBadge outcome={event.outcome} />
                </span>
                <span className="truncate text-xs text-slate-700" title={person.name}>
                  {person.name}
                  {target ? ` · ${target}` : ''}
                </span>
                <span className="flex items-center justify-between gap-3 text-xs text-slate-600 tabular-nums">
                  <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
                  {event.ip ? <span className="truncate font-mono">{event.ip}</span> : null}
                </span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
