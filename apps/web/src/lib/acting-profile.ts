import type { TeamRole } from '@bizdash/shared';
import { useSyncExternalStore } from 'react';
import { ACTING_BUSINESS_STORAGE_KEY, ACTING_PROFILE_STORAGE_KEY, getCredentials } from './credentials';
import { queryClient } from './query-client';

/** An app of the signed-in merchant that the dashboard acts for (the `user_id` header of SPEC section 7). */
export interface ActingApp {
  appId: string;
  name: string;
}

/**
 * A business the signed-in person is a member of and the dashboard acts for (issue 23 §1): its id goes in the
 * `user_id` header of business calls, as an app's does. The role is the one the memberships answered when chosen.
 */
export interface ActingBusiness {
  businessId: string;
  businessName: string;
  role: TeamRole;
}

const ROLES: readonly string[] = ['owner', 'admin', 'developer', 'finance', 'support', 'viewer'];

const listeners = new Set<() => void>();

function readRaw(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Parses what is stored under a key, once per change of it or of the signed-in person. */
function storedChoice<T>(key: string, parse: (stored: Record<string, unknown>) => T | null): () => T | null {
  let cached: { raw: string | null; personId: string | null; value: T | null } = {
    raw: null,
    personId: null,
    value: null,
  };
  return () => {
    const raw = readRaw(key);
    const personId = getCredentials()?.userId ?? null;
    if (raw !== cached.raw || personId !== cached.personId) {
      let value: T | null = null;
      if (raw && personId) {
        try {
          const stored = JSON.parse(raw) as Record<string, unknown>;
          // A choice made under another person (or written by hand) never applies to this one.
          value = stored && stored.merchantId === personId ? parse(stored) : null;
        } catch {
          value = null;
        }
      }
      cached = { raw, personId, value };
    }
    return cached.value;
  };
}

const isFilled = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The app the dashboard acts for, or null for the merchant itself. Kept in this tab's session storage: it survives
 * a reload, another tab keeps acting for whom it chose, and signing out forgets it (lib/credentials).
 */
export const getActingApp = storedChoice<ActingApp>(ACTING_PROFILE_STORAGE_KEY, ({ appId, name }) =>
  isFilled(appId) && typeof name === 'string' ? { appId, name } : null,
);

/**
 * The business the dashboard acts for, or null for the person's own account. Kept like the acting app: this tab's
 * session storage, tied to the signed-in person, forgotten on sign-out and on a new sign-in.
 */
export const getActingBusiness = storedChoice<ActingBusiness>(
  ACTING_BUSINESS_STORAGE_KEY,
  ({ businessId, businessName, role }) =>
    isFilled(businessId) &&
    typeof businessName === 'string' &&
    typeof role === 'string' &&
    ROLES.includes(role)
      ? { businessId, businessName, role: role as TeamRole }
      : null,
);

/**
 * Who the dashboard's business calls act for (the `user_id` header): the chosen app, else the chosen business,
 * else the signed-in person's own account.
 */
export function getActingUserId(): string | null {
  return getActingApp()?.appId ?? getActingBusiness()?.businessId ?? getCredentials()?.userId ?? null;
}

function write(key: string, value: Record<string, string> | null): void {
  if (value) window.sessionStorage.setItem(key, JSON.stringify(value));
  else window.sessionStorage.removeItem(key);
}

/** Applies a change of whom the dashboard acts for: everyone re-reads it, and the cache starts over for the new one. */
function changed(before: string | null): void {
  for (const listener of listeners) listener();
  if (before !== getActingUserId()) void queryClient.resetQueries();
}

/**
 * Switches the whole dashboard to an app (or back to the merchant with null): every later call sends its id, and
 * the cache is reset so wallets, transactions, products and payment links are fetched again for it. The apps are
 * the person's own account's, so choosing one leaves any business acted for.
 */
export function actFor(app: ActingApp | null): void {
  const merchantId = getCredentials()?.userId;
  const before = getActingUserId();
  write(
    ACTING_PROFILE_STORAGE_KEY,
    app && merchantId ? { merchantId, appId: app.appId, name: app.name } : null,
  );
  if (app && merchantId) write(ACTING_BUSINESS_STORAGE_KEY, null);
  changed(before);
}

/**
 * Acts for a business the person is a member of (a membership of GET /api/team/memberships), or for their own
 * account with null (or their own account's membership). Leaves any app acted for; resets the cache.
 */
export function actForBusiness(membership: ActingBusiness | null): void {
  const merchantId = getCredentials()?.userId;
  const before = getActingUserId();
  const business = membership && merchantId && membership.businessId !== merchantId ? membership : null;
  write(
    ACTING_BUSINESS_STORAGE_KEY,
    business && merchantId
      ? {
          merchantId,
          businessId: business.businessId,
          businessName: business.businessName,
          role: business.role,
        }
      : null,
  );
  write(ACTING_PROFILE_STORAGE_KEY, null);
  changed(before);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActingApp(): ActingApp | null {
  return useSyncExternalStore(subscribe, getActingApp, () => null);
}

export function useActingBusiness(): ActingBusiness | null {
  return useSyncExternalStore(subscribe, getActingBusiness, () => null);
}

/**
 * The business the dashboard shows (its verification, documents, settlement accounts, company details and
 * notification choices): the one the person acts for, else their own account. The person's own pages (profile,
 * password, two-factor) keep the person's id (useUserId).
 */
const getBusinessId = () => getActingBusiness()?.businessId ?? getCredentials()?.userId ?? null;

export function useBusinessId(): string | null {
  return useSyncExternalStore(subscribe, getBusinessId, () => null);
}

export function useActingUserId(): string | null {
  return useSyncExternalStore(subscribe, getActingUserId, () => null);
}
