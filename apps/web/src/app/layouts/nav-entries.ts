import {
  ArrowLeftRight,
  LayoutDashboard,
  Link2,
  type LucideIcon,
  Repeat,
  Send,
  Settings,
  ShieldAlert,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavEntry {
  label: string;
  path: string;
  icon: LucideIcon;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/dashboard', icon: LayoutDashboard },
  { label: 'Transactions', path: '/transactions', icon: ArrowLeftRight },
  { label: 'Payouts', path: '/payouts', icon: Send },
  { label: 'Accounts', path: '/accounts', icon: Wallet },
  { label: 'Convert', path: '/convert', icon: Repeat },
  { label: 'Payment Link', path: '/products', icon: Link2 },
  { label: 'Customers', path: '/customers', icon: Users },
  { label: 'Disputes', path: '/disputes', icon: ShieldAlert },
  { label: 'Settings', path: '/settings', icon: Settings },
];

export const NAV_ICON_SIZE = 24;

/**
 * SPEC: the active entry is found by exact match of its path against the route of the
 * pathname's first segment, so /dashboard/recents and /accounts/42/pending light up their section.
 */
export function isNavEntryActive(entryPath: string, pathname: string): boolean {
  const firstSegment = pathname.split('/').find((segment) => segment !== '') ?? '';
  return entryPath === `/${firstSegment}`;
}
