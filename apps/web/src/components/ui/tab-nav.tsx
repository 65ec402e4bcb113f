import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';

export interface TabNavItem {
  label: string;
  to: string;
  /** Match the path exactly, for a tab whose path prefixes its siblings (e.g. the index tab). */
  end?: boolean;
}

/** How far in from each edge a tab cut off there fades out. */
const FADE_PX = 24;

/**
 * On a phone the tabs scroll sideways. The current tab is brought into view, as far along as needed and no
 * further, with the row starting at a whole tab just clear of the fade: the label cut off is the one at the far
 * end, faded out there.
 */
function useCurrentTabInView(ref: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address makes another tab the current one
  useLayoutEffect(() => {
    const nav = ref.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const inset = Math.max(Number.parseFloat(getComputedStyle(nav).paddingLeft) || 0, FADE_PX);
    const currentEnd = current.offsetLeft + current.offsetWidth + inset;
    const tabs = Array.from(nav.querySelectorAll<HTMLElement>('a'));
    const first = tabs.find((tab) => currentEnd - (tab.offsetLeft - inset) <= nav.clientWidth) ?? current;
    nav.scrollLeft = Math.max(0, Math.min(first.offsetLeft - inset, nav.scrollWidth - nav.clientWidth));
  }, [ref, pathname]);
}

interface HiddenTabs {
  before: boolean;
  after: boolean;
}

/** Whether tabs lie out of sight before or after the visible part of the row. */
function useHiddenTabs(ref: RefObject<HTMLElement | null>): HiddenTabs {
  const [hidden, setHidden] = useState<HiddenTabs>({ before: false, after: false });
  useEffect(() => {
    const nav = ref.current;
    if (!nav) return;
    const measure = () => {
      const before = nav.scrollLeft > 1;
      const after = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1;
      setHidden((last) => (last.before === before && last.after === after ? last : { before, after }));
    };
    measure();
    nav.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(nav);
    return () => {
      nav.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return hidden;
}

/** A tab cut off at the edge fades out there, so it reads as "more this way", not as a clipped label. */
function fadeMask({ before, after }: HiddenTabs): string | undefined {
  if (!before && !after) return undefined;
  const start = before ? 'transparent' : 'black';
  const end = after ? 'transparent' : 'black';
  return `linear-gradient(to right, ${start}, black ${FADE_PX}px, black calc(100% - ${FADE_PX}px), ${end})`;
}

/** Route-driven tabs: each tab is a link, so the selected tab lives in the URL. */
export function TabNav({
  label,
  items,
  className,
}: {
  label: string;
  items: TabNavItem[];
  className?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  useCurrentTabInView(ref);
  const mask = fadeMask(useHiddenTabs(ref));
  return (
    <nav
      ref={ref}
      aria-label={label}
      style={mask ? { maskImage: mask } : undefined}
      className={cn('relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0', className)}
    >
      <ul className="flex min-w-max gap-6 border-b border-slate-200">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  '-mb-px block border-b-2 px-0.5 pt-1 pb-3 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-700',
                  isActive
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
