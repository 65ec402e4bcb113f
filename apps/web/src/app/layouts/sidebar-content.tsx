import { roleCan } from '@bizdash/shared';
import { BookOpen, ExternalLink, LogOut } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { DisputesNavBadge } from '@/features/disputes/components/disputes-nav-badge';
import { cn } from '@/lib/cn';
import { config } from '@/lib/config';
import { useActingRole } from '@/lib/permissions';
import { isNavEntryActive, NAV_ENTRIES, NAV_ICON_SIZE } from './nav-entries';
import { ProfileSwitcher } from './profile-switcher';

const linkClasses =
  'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-sky-300';
const idleClasses = 'text-slate-300 hover:bg-white/10 hover:text-white';

/** The sidebar's contents; the desktop sidebar and the mobile menu both render it. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const role = useActingRole();
  // An entry the acting role cannot read is not offered at all (issue 23 §2).
  const entries = NAV_ENTRIES.filter((entry) => !entry.permission || roleCan(role, entry.permission));
  return (
    // Dark in both themes: same-in-dark keeps its light-theme colours when the rest turns dark (dark-theme.css).
    <div className="same-in-dark flex h-full flex-col bg-sidebar">
      <div className="px-3 pt-4 pb-2">
        <ProfileSwitcher />
      </div>
      <nav aria-label="Main navigation" className="flex flex-1 flex-col overflow-y-auto px-3 pt-4 pb-6">
        <ul className="flex flex-col gap-1">
          {entries.map(({ label, path, icon: Icon }) => {
            const active = isNavEntryActive(path, pathname);
            return (
              <li key={path}>
                <Link
                  to={path}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(linkClasses, active ? 'bg-white/12 text-white shadow-sm' : idleClasses)}
                >
                  <Icon
                    size={NAV_ICON_SIZE}
                    aria-hidden="true"
                    className={active ? 'text-sky-300' : 'text-slate-400 group-hover:text-slate-200'}
                  />
                  {label}
                  {path === '/disputes' ? <DisputesNavBadge /> : null}
                </Link>
              </li>
            );
          })}
        </ul>
        <ul className="mt-auto flex flex-col gap-1 border-t border-white/10 pt-4">
          <li>
            <a
              href={config.apiDocsUrl}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onNavigate}
              className={cn(linkClasses, idleClasses)}
            >
              <BookOpen
                size={NAV_ICON_SIZE}
                aria-hidden="true"
                className="text-slate-400 group-hover:text-slate-200"
              />
              API Docs
              <ExternalLink className="ml-auto size-4 text-slate-400" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
          <li>
            <Link to="/logout" onClick={onNavigate} className={cn(linkClasses, idleClasses)}>
              <LogOut
                size={NAV_ICON_SIZE}
                aria-hidden="true"
                className="text-slate-400 group-hover:text-slate-200"
              />
              Logout
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
