import type { Permission } from '@bizdash/shared';
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
  /** What the acting role must hold to see the entry (docs/permissions.md); none: everyone. */
  permission?: Permission;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/dashboard', icon: LayoutDashboard, permission: 'transactions.read' },
  { label: 'Transactions', path: '/transactions', icon: ArrowLeftRight, permission: 'transactions.read' },
  { label: 'Payouts', path: '/payouts', icon: Send, permission: 'money.read' },
  { label: 'Accounts', path: '/accounts', icon: Wallet, permission: 'money.read' },
  { label: 'Convert', path: '/convert', icon: Repeat, permission: 'money.read' },
  { label: 'Payment Link', path: '/products', icon: Link2, permission: 'products.read' },
  { label: 'Customers', path: '/customers', icon: Users, permission: 'customers.read' },
  { label: 'Disputes', path: '/disputes', icon: ShieldAlert, permission: 'customers.read' },
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
