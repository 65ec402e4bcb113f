import { useSyncExternalStore } from 'react';
import { TWO_FACTOR_REQUIRED_STORAGE_KEY } from './credentials';

/** Where a member whose business requires two-factor is sent to turn it on (Settings > Security). */
export const TWO_FACTOR_SETUP_PATH = '/settings/security';

const listeners = new Set<() => void>();

/**
 * Kept in this tab's session storage beside the acting business, so it belongs to one session: signing out or in
 * forgets it (lib/credentials), as it does the business acted for.
 */
function isRequired(): boolean {
  try {
    return window.sessionStorage.getItem(TWO_FACTOR_REQUIRED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function setRequired(required: boolean): void {
  if (isRequired() === required) return;
  try {
    if (required) window.sessionStorage.setItem(TWO_FACTOR_REQUIRED_STORAGE_KEY, 'true');
    else window.sessionStorage.removeItem(TWO_FACTOR_REQUIRED_STORAGE_KEY);
  } catch {
    // Storage refused (private mode quota): the next refused call asks again.
  }
  for (const listener of listeners) listener();
}

/**
 * The API refused a call with 409 TWO_FACTOR_REQUIRED (issue 23 §1): the business acted for asks every member to
 * turn two-factor on, and this person has not. The shell shows the banner until two-factor is on.
 */
export const markTwoFactorRequired = (): void => setRequired(true);

export const clearTwoFactorRequired = (): void => setRequired(false);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTwoFactorRequired(): boolean {
  return useSyncExternalStore(subscribe, isRequired, () => false);
}
