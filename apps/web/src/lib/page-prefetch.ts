/** A GET the page started before the app's code arrived (apps/web/dashboard-page-script.js). */
interface PagePrefetch {
  /** The address, as the app's API client builds it (`/api/health`). */
  path: string;
  /** The token it was sent with; null when it went without one. */
  token: string | null;
  response: Promise<Response>;
}

declare global {
  interface Window {
    pagePrefetch?: PagePrefetch[];
  }
}

/**
 * The response to the app's first GET of this address with this token, when the page already asked for it: handed
 * out once, so every later call asks the server again.
 */
export function takePrefetched(path: string, token: string | null): Promise<Response> | undefined {
  const prefetched = window.pagePrefetch ?? [];
  const index = prefetched.findIndex((entry) => entry.path === path && entry.token === token);
  return index < 0 ? undefined : prefetched.splice(index, 1)[0]?.response;
}

/** The page's first load is over (the app has drawn it): what it started and nobody took is not reused later. */
export function dropPrefetched(): void {
  window.pagePrefetch = undefined;
}
