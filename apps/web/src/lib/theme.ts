import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';

/**
 * The choice, kept per browser. index.html's script reads it before the first paint and puts `dark` on <html>
 * (following the system's setting for "system", also as it changes); this module only reads and writes it.
 */
const THEME_STORAGE_KEY = 'theme';

function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Keeps the choice ("system" is kept as no choice), then tells this tab what the browser tells the others: the
 * `storage` event, on which index.html's script applies it.
 */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (a locked-down browser): nothing to keep, nothing changes.
    return;
  }
  window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The choice now, kept up to date when it is made here or in another tab. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system');
}
