/**
 * Team roles and what each may do (issue 23 §2). This matrix is the contract: docs/permissions.md shows it as a
 * table (a test keeps the two equal), the API checks a route's permission against it, and the dashboard hides or
 * disables what a role cannot use.
 */
export const TEAM_ROLES = ['owner', 'admin', 'developer', 'finance', 'support', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  finance: 'Finance',
  support: 'Support',
  viewer: 'Viewer',
};

/** What a permission lets a member do, as the refusal sentence ends ("Only … can make payouts"). */
export const PERMISSIONS = {
  'business.own': 'transfer ownership or delete the business',
  'team.manage': 'invite, change or remove team members',
  'audit.read': 'see the activity log',
  'settings.manage': 'change the business settings, documents and verification',
  'developers.manage': 'manage API keys, webhooks and apps',
  'products.manage': 'create or change payment links',
  'bank_accounts.manage': 'add or remove settlement accounts',
  'payouts.create': 'make payouts',
  'conversions.create': 'convert between currencies',
  'refunds.create': 'refund payments',
  'disputes.answer': 'answer disputes',
  'exports.create': 'export transactions',
  'money.read': 'see balances, payouts and conversions',
  'transactions.read': 'see transactions',
  'customers.read': 'see customers and disputes',
  'products.read': 'see payment links',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const ALL = Object.keys(PERMISSIONS) as Permission[];
const READS: Permission[] = ['money.read', 'transactions.read', 'customers.read', 'products.read'];

/** Owner: everything. Admin: all but ownership. The others: their trade, and what it needs to read. */
export const ROLE_PERMISSIONS: Record<TeamRole, readonly Permission[]> = {
  owner: ALL,
  admin: ALL.filter((permission) => permission !== 'business.own'),
  developer: ['developers.manage', 'transactions.read', 'products.read'],
  finance: [
    'bank_accounts.manage',
    'payouts.create',
    'conversions.create',
    'refunds.create',
    'exports.create',
    ...READS,
  ],
  support: ['refunds.create', 'disputes.answer', 'transactions.read', 'customers.read', 'products.read'],
  viewer: READS,
};

export const roleCan = (role: TeamRole, permission: Permission) =>
  ROLE_PERMISSIONS[role].includes(permission);

/** The roles that hold a permission, in TEAM_ROLES order. */
export const rolesWith = (permission: Permission) => TEAM_ROLES.filter((role) => roleCan(role, permission));

/** "Only an owner, admin or finance member can make payouts": the sentence of a refusal by role (ROLE_REQUIRED). */
export function roleRequiredMessage(permission: Permission): string {
  const names = rolesWith(permission);
  const listed =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  const article = /^[aeiou]/.test(listed ?? '') ? 'an' : 'a';
  const noun = names.length === 1 && names[0] === 'owner' ? '' : ' member';
  return `Only ${article} ${listed}${noun} can ${PERMISSIONS[permission]}`;
}

/**
 * What an API key may do: it acts for the business as its server does, with the Developer role's reach plus the
 * money calls (as before teams), and never what concerns a person or the team (docs/permissions.md).
 */
export const API_KEY_PERMISSIONS: readonly Permission[] = ALL.filter(
  (permission) => permission !== 'business.own' && permission !== 'team.manage',
);
