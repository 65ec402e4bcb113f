import { useSyncExternalStore } from 'react';

/** Where a member whose business requires two-factor is sent to turn it on (Settings > Security). */
export const TWO_FACTOR_SETUP_PATH = '/settings/security';

const listeners = new Set<() => void>();
let required = false;

/**
 * The API refused a call with 409 TWO_FACTOR_REQUIRED (issue 23 §1): the business acted for asks every member to
 * turn two-factor on, and this person has not. The shell shows the banner until two-factor is on.
 */
export function markTwoFactorRequired(): void {
  if (required) return;
  required = true;
  for (const listener of listeners) listener();
}

export function clearTwoFactorRequired(): void {
  if (!required) return;
  required = false;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTwoFactorRequired(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => required,
    () => false,
  );
}
