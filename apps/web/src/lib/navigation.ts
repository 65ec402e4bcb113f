type Navigate = (to: string) => void;

let navigate: Navigate | null = null;

/** The router registers itself here so code outside React (the api client) can send the user somewhere. */
export function registerNavigator(next: Navigate | null): void {
  navigate = next;
}

function isOtherOrigin(to: string): boolean {
  if (!/^https?:\/\//i.test(to)) return false;
  return new URL(to).origin !== window.location.origin;
}

/**
 * A full page load of another address (another site: a hosted checkout, a bank's page). An object, so a test can
 * record it instead: jsdom cannot load another page.
 */
export const pageLoad = { assign: (to: string) => window.location.assign(to) };

export function redirectTo(to: string): void {
  if (navigate && !isOtherOrigin(to)) {
    navigate(to);
    return;
  }
  pageLoad.assign(to);
}
