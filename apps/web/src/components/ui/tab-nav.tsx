import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

export interface TabNavItem {
  label: string;
  to: string;
  /** Match the path exactly, for a tab whose path prefixes its siblings (e.g. the index tab). */
  end?: boolean;
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
  return (
    <nav aria-label={label} className={cn('-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0', className)}>
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
