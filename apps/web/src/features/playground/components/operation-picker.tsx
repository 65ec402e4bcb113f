import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import type { Operation, OperationGroup } from '../openapi';
import { MethodBadge } from './method-badge';

interface OperationPickerProps {
  groups: OperationGroup[];
  selectedId: string | null;
  /** The address that opens an operation (the operation is kept in the URL). */
  hrefOf: (operation: Operation) => string;
  onSelect: (operationId: string) => void;
}

const matches = (operation: Operation, words: string[]) => {
  const text = `${operation.method} ${operation.path} ${operation.summary} ${operation.tag}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

/** Wide screens: every operation by tag, with a filter; each one a link. */
export function OperationList({ groups, selectedId, hrefOf, onSelect }: OperationPickerProps) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // An operation opened from its address (or the history) is brought into the list's view, not the window's.
  useEffect(() => {
    const container = scroller.current;
    const current = selectedId ? container?.querySelector<HTMLElement>('[aria-current="page"]') : null;
    if (!container || !current) return;
    // The list is positioned, so offsetTop is measured from its top.
    const top = current.offsetTop;
    if (
      top < container.scrollTop ||
      top + current.offsetHeight > container.scrollTop + container.clientHeight
    ) {
      container.scrollTop = top - container.clientHeight / 3;
    }
  }, [selectedId]);
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = groups
    .map((group) => ({
      ...group,
      operations: group.operations.filter((operation) => matches(operation, words)),
    }))
    .filter((group) => group.operations.length > 0);
  return (
    <nav
      aria-label="Operations"
      className="sticky top-20 flex max-h-[calc(100dvh-7rem)] flex-col rounded-xl bg-white shadow-xs ring-1 ring-slate-900/5"
    >
      <div className="relative border-b border-slate-100 p-3">
        <label htmlFor={filterId} className="sr-only">
          Filter operations
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={filterId}
          type="search"
          value={filter}
          placeholder="Filter operations"
          onChange={(event) => setFilter(event.target.value)}
          className={cn(inputClasses(false), 'h-9 pl-9 text-sm')}
        />
      </div>
      <div ref={scroller} className="relative overflow-y-auto p-2">
        {shown.length === 0 ? <p className="p-3 text-sm text-slate-600">No operation matches.</p> : null}
        {shown.map((group) => (
          <section key={group.tag} aria-label={group.tag} className="mb-2">
            <h2 className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {group.tag}
            </h2>
            <ul>
              {group.operations.map((operation) => {
                const current = operation.id === selectedId;
                return (
                  <li key={operation.id}>
                    <Link
                      to={hrefOf(operation)}
                      aria-current={current ? 'page' : undefined}
                      onClick={(event) => {
                        // A plain click chooses here; a modified one (new tab) follows the link.
                        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                        event.preventDefault();
                        onSelect(operation.id);
                      }}
                      title={operation.summary}
                      className={cn(
                        'flex flex-col gap-0.5 rounded-lg px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-700',
                        current ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-slate-100',
                      )}
                    >
                      <span className="flex min-w-0 items-center gap-2">
                        <MethodBadge method={operation.method} />
                        <span className="truncate font-mono text-xs">
                          {operation.path.replace(/^\/api/, '')}
                        </span>
                      </span>
                      <span className="line-clamp-1 pl-16 text-xs text-slate-600">{operation.summary}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}

/** Narrow screens: the same operations in one select, grouped by tag. */
export function OperationSelect({ groups, selectedId, onSelect }: Omit<OperationPickerProps, 'hrefOf'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Operation
      </label>
      <select
        id={id}
        value={selectedId ?? ''}
        onChange={(event) => onSelect(event.target.value)}
        className={inputClasses(false)}
      >
        <option value="" disabled>
          Choose an operation
        </option>
        {groups.map((group) => (
          <optgroup key={group.tag} label={group.tag}>
            {group.operations.map((operation) => (
              <option key={operation.id} value={operation.id}>
                {operation.method} {operation.path} · {operation.summary}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
