import type { TeamRole } from '@bizdash/shared';

/** Where and with what a person signs in: the audit trail and their sign-in history show both. */
export interface Device {
  ip: string;
  userAgent: string;
}

export interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
  /** The role they end up with (Funmi is invited as a viewer and made support later). */
  role: Exclude<TeamRole, 'owner'>;
  invitedAs: Exclude<TeamRole, 'owner'>;
  devices: Device[];
}

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const EDGE_WINDOWS = `${CHROME_WINDOWS} Edg/130.0.0.0`;
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

/**
 * The owner's devices. Addresses are from the documentation ranges (RFC 5737), one set per person, so the seed's
 * sign-ins stay far below the per-address and per-account limits however fast it runs.
 */
export const OWNER_DEVICES: Device[] = [
  { ip: '198.51.100.23', userAgent: CHROME_MAC },
  { ip: '203.0.113.77', userAgent: SAFARI_IPHONE },
];

/** The demo business's team (issue 23 §4): four people in four roles, each with an account of their own. */
export const DEMO_TEAM: DemoPerson[] = [
  {
    firstName: 'Kayode',
    lastName: 'Akinola',
    email: 'kayode@adaeze-fabrics.test',
    role: 'admin',
    invitedAs: 'admin',
    devices: [
      { ip: '198.51.100.41', userAgent: CHROME_WINDOWS },
      { ip: '203.0.113.105', userAgent: CHROME_ANDROID },
    ],
  },
  {
    firstName: 'Ngozi',
    lastName: 'Okeke',
    email: 'ngozi@adaeze-fabrics.test',
    role: 'finance',
    invitedAs: 'finance',
    devices: [
      { ip: '198.51.100.58', userAgent: EDGE_WINDOWS },
      { ip: '192.0.2.144', userAgent: EDGE_WINDOWS },
      { ip: '203.0.113.9', userAgent: SAFARI_IPHONE },
    ],
  },
  {
    firstName: 'Emeka',
    lastName: 'Obi',
    email: 'emeka@adaeze-fabrics.test',
    role: 'developer',
    invitedAs: 'developer',
    devices: [
      { ip: '192.0.2.31', userAgent: FIREFOX_LINUX },
      { ip: '198.51.100.199', userAgent: CHROME_MAC },
    ],
  },
  {
    firstName: 'Funmi',
    lastName: 'Adeyemi',
    email: 'funmi@adaeze-fabrics.test',
    role: 'support',
    invitedAs: 'viewer',
    devices: [
      { ip: '203.0.113.188', userAgent: SAFARI_MAC },
      { ip: '192.0.2.66', userAgent: CHROME_ANDROID },
    ],
  },
];

/** Invited a few days ago and not accepted yet: the Team tab's pending row. */
export const DEMO_PENDING_INVITATION = { email: 'bola@adaeze-fabrics.test', role: 'viewer' as TeamRole };
