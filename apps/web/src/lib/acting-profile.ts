import { useSyncExternalStore } from 'react';
import { ACTING_PROFILE_STORAGE_KEY, getCredentials } from './credentials';
import { queryClient } from './query-client';

/** An app of the signed-in merchant that the dashboard acts for (the `user_id` header of SPEC section 7). */
export interface ActingApp {
  appId: string;
  name: string;
}

interface StoredActingApp extends ActingApp {
  merchantId: string;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; merchantId: string | null; app: ActingApp | null } = {
  raw: null,
  merchantId: null,
  app: null,
};

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(ACTING_PROFILE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null, merchantId: string | null): ActingApp | null {
  if (!raw || !merchantId) return null;
  try {
    const { appId, name, merchantId: owner } = JSON.parse(raw) as Partial<StoredActingApp>;
    // A choice made under another merchant (or written by hand) never applies to this one.
    if (owner !== merchantId || typeof appId !== 'string' || !appId || typeof name !== 'string') return null;
    return { appId, name };
  } catch {
    return null;
  }
}

/**
 * The app the dashboard acts for, or null for the merchant itself. Kept in this tab's session storage: it survives
 * a reload, another tab keeps acting for whom it chose, and signing out forgets it (lib/credentials).
 */
export function getActingApp(): ActingApp | null {
  const raw = readRaw();
  const merchantId = getCredentials()?.userId ?? null;
  if (raw !== cached.raw || merchantId !== cached.merchantId) {
    cached = { raw, merchantId, app: parse(raw, merchantId) };
  }
  return cached.app;
}

/** Who the dashboard's business calls act for: the chosen app, else the signed-in merchant. */
function getActingUserId(): string | null {
  return getActingApp()?.appId ?? getCredentials()?.userId ?? null;
}

/**
 * Switches the whole dashboard to an app (or back to the merchant with null): every later call sends its id, and
 * the cache is reset so wallets, transactions, products and payment links are fetched again for it.
 */
export function actFor(app: ActingApp | null): void {
  const merchantId = getCredentials()?.userId;
  const current = getActingApp();
  if (app && merchantId) {
    window.sessionStorage.setItem(
      ACTING_PROFILE_STORAGE_KEY,
      JSON.stringify({ merchantId, appId: app.appId, name: app.name } satisfies StoredActingApp),
    );
  } else {
    window.sessionStorage.removeItem(ACTING_PROFILE_STORAGE_KEY);
  }
  for (const listener of listeners) listener();
  if (current?.appId !== getActingApp()?.appId) void queryClient.resetQueries();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActingApp(): ActingApp | null {
  return useSyncExternalStore(subscribe, getActingApp, () => null);
}

export function useActingUserId(): string | null {
  return useSyncExternalStore(subscribe, getActingUserId, () => null);
}
