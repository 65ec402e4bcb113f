import { type Permission, roleCan } from '@bizdash/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeftRight, type LucideIcon, Search, Send, ShoppingBag, User, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useActingUserId } from '@/lib/acting-profile';
import { cn } from '@/lib/cn';
import { useUserId } from '@/lib/credentials';
import { useActingRole } from '@/lib/permissions';
import {
  matchesText,
  type PaletteItem,
  type PaletteItemKind,
  pageItems,
  staticActionItems,
} from './palette-items';
import { type RecentItem, readRecentItems } from './recent-items';
import { type RecordGroup, usePaletteSearch } from './use-palette-search';
import { useSwitchItems } from './use-switch-items';

/** What a record kept in the recent items needs to be opened again. */
const RECORDS: Partial<Record<PaletteItemKind, { icon: LucideIcon; permission: Permission }>> = {
  transaction: { icon: ArrowLeftRight, permission: 'transactions.read' },
  product: { icon: ShoppingBag, permission: 'products.read' },
  customer: { icon: User, permission: 'customers.read' },
  payout: { icon: Send, permission: 'money.read' },
};

/** A recent item as it can be chosen now: pages and actions the role still has, records it may still read. */
function resolveRecent(
  recent: RecentItem,
  live: PaletteItem[],
  can: (permission: Permission) => boolean,
): PaletteItem | undefined {
  if (recent.kind === 'page' || recent.kind === 'action') return live.find((item) => item.id === recent.id);
  const record = RECORDS[recent.kind];
  if (!record || !recent.to || !can(record.permission)) return undefined;
  return { ...recent, icon: record.icon };
}

function useGroups(text: string): { groups: RecordGroup[]; searching: boolean; failed: string[] } {
  const role = useActingRole();
  const can = (permission: Permission) => roleCan(role, permission);
  const personId = useUserId();
  const actingUserId = useActingUserId();
  const [recent] = useState(() => (personId && actingUserId ? readRecentItems(personId, actingUserId) : []));
  const pages = pageItems(can);
  const actions = [...staticActionItems(can), ...useSwitchItems()];
  const search = usePaletteSearch(text, can);
  const query = text.trim();

  if (!query) {
    const recentItems = recent
      .map((item) => resolveRecent(item, [...pages, ...actions], can))
      .filter((item): item is PaletteItem => item !== undefined);
    const shown = new Set(recentItems.map((item) => item.id));
    const groups = [
      { heading: 'Recent', items: recentItems },
      { heading: 'Pages', items: pages.filter((item) => !shown.has(item.id)) },
      { heading: 'Actions', items: actions.filter((item) => !shown.has(item.id)) },
    ];
    return { groups: groups.filter((group) => group.items.length > 0), searching: false, failed: [] };
  }
  const groups = [
    { heading: 'Pages', items: pages.filter((item) => matchesText(item, query)) },
    { heading: 'Actions', items: actions.filter((item) => matchesText(item, query)) },
    ...search.groups,
  ];
  return { ...search, groups: groups.filter((group) => group.items.length > 0) };
}

interface PaletteComboboxProps {
  onChoose: (item: PaletteItem) => void;
}

/**
 * The palette's search field and results: an ARIA combobox whose field keeps the focus while the arrow keys move
 * the active option (aria-activedescendant) and Enter chooses it.
 */
export function PaletteCombobox({ onChoose }: PaletteComboboxProps) {
  const [text, setText] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const { groups, searching, failed } = useGroups(text);
  const listId = useId();
  const items = groups.flatMap((group) => group.items);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.id === activeId),
  );
  const active = items[activeIndex];
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (items.length > 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveId(items[(activeIndex + step + items.length) % items.length]?.id ?? null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active) onChoose(active);
    }
  };

  let index = -1;
  const query = text.trim();
  const status = searching
    ? 'Searching…'
    : items.length === 0
      ? `No results for “${query}”`
      : `${items.length} ${items.length === 1 ? 'result' : 'results'}`;
  return (
    <>
      <div className="sticky top-0 z-10 flex items-center gap-3 border-b border-slate-200 bg-white px-4">
        <Search className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <input
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(activeIndex) : undefined}
          aria-label="Search pages, records and actions"
          placeholder="Search or jump to…"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveId(null);
          }}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
        />
        {searching ? <Spinner className="size-4 shrink-0" /> : null}
        <kbd className="hidden shrink-0 rounded border border-slate-300 px-1.5 py-0.5 font-sans text-xs text-slate-600 sm:inline">
          Esc
        </kbd>
        {/* A phone has no Escape key. */}
        <Dialog.Close
          aria-label="Close"
          className="-mr-1 shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700 sm:hidden"
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </div>
      <div className="p-2">
        <div role="listbox" id={listId} aria-label="Results">
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: options grouped inside a listbox (ARIA), not form fields in a fieldset
            <div key={group.heading} role="group" aria-labelledby={`${listId}-${group.heading}`}>
              <div
                id={`${listId}-${group.heading}`}
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {group.heading}
              </div>
              {group.items.map((item) => {
                index += 1;
                const current = index === activeIndex;
                const Icon = item.icon;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the field keeps the focus and its arrow keys and Enter choose options (aria-activedescendant)
                  <div
                    key={item.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={current}
                    tabIndex={-1}
                    data-item-id={item.id}
                    onMouseMove={() => !current && setActiveId(item.id)}
                    onClick={() => onChoose(item)}
                    className={cn(
                      'flex min-h-11 scroll-mt-16 scroll-mb-12 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm',
                      current ? 'bg-brand-50 text-brand-900' : 'text-slate-800',
                    )}
                  >
                    <Icon
                      className={cn('size-4 shrink-0', current ? 'text-brand-700' : 'text-slate-500')}
                      aria-hidden="true"
                    />
                    {/* A phone shows the hint under the name, a wider screen on its right. */}
                    <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
                      <span className="truncate font-medium sm:flex-1">{item.label}</span>
                      {item.hint ? (
                        <span
                          className={cn(
                            'truncate text-xs sm:max-w-[50%] sm:shrink-0',
                            current ? 'text-brand-900' : 'text-slate-600',
                          )}
                        >
                          {item.hint}
                        </span>
                      ) : null}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {items.length === 0 && !searching ? (
          // The status below says it to assistive technology.
          <p className="px-3 py-8 text-center text-sm text-slate-600" aria-hidden="true">
            No results for “{query}”
          </p>
        ) : null}
        {failed.length > 0 ? (
          <p className="px-3 py-2 text-xs text-red-700">Unable to search {failed.join(', ')}</p>
        ) : null}
      </div>
      <div className="sticky bottom-0 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-2.5 text-xs text-slate-600">
        <span role="status">{status}</span>
        <span className="hidden items-center gap-3 sm:flex" aria-hidden="true">
          <span>↑↓ to move</span>
          <span>↵ to open</span>
          <span>Esc to close</span>
        </span>
      </div>
    </>
  );
}
