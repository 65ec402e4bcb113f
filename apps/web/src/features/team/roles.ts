import {
  ASSIGNABLE_ROLES,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  TEAM_ROLE_LABELS,
  type TeamRole,
} from '@bizdash/shared';

/** One line per role, as docs/permissions.md describes them (the invite dialog and the role select). */
export const ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything, and the only one who can transfer ownership or delete the business.',
  admin: 'All but ownership and deleting the business.',
  developer: "API keys, webhooks and apps' developer settings; reads transactions and payment links.",
  finance: 'Settlement accounts, payouts, conversions, refunds, exports; reads everything money.',
  support: "Customers, transactions, refunds and disputes' evidence; no money out of the business otherwise.",
  viewer: 'Reads only.',
};

export const roleLabel = (role: TeamRole) => TEAM_ROLE_LABELS[role];

export { ASSIGNABLE_ROLES };

/** What a member would no longer be able to do with the new role: a change that takes any away asks first. */
export function permissionsLost(from: TeamRole, to: TeamRole): string[] {
  const kept = new Set(ROLE_PERMISSIONS[to]);
  return ROLE_PERMISSIONS[from].filter((permission) => !kept.has(permission)).map((p) => PERMISSIONS[p]);
}

/** "5 minutes ago", "3 days ago"; a date beyond a month. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
  ];
  if (Math.abs(seconds) < 60) return 'Just now';
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(value, unit);
    value = Math.round(value / size);
  }
  return new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
}
