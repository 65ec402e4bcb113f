import { CACHE_TIMINGS_MS } from '@bizdash/shared';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isRetryable } from './api-error';
import { onSessionChange } from './credentials';

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** Only server and network failures are retried; a refused request would fail the same way again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isRetryable(error) && failureCount < MAX_RETRIES;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/** A session error is already a redirect to sign-in; a two-factor requirement already a redirect with its banner. */
function isSessionError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 401 || error.status === 403 || error.code === 'TWO_FACTOR_REQUIRED')
  );
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: boolean };
  }
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failed reads surface as one toast per query; a session error is already a redirect to sign-in.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast === false || isSessionError(error)) return;
        // Loaded on demand: react-hot-toast stays out of the entry chunk (the toaster loads it beside the page).
        void import('react-hot-toast').then(({ default: toast }) =>
          toast.error(error.message, { id: query.queryHash }),
        );
      },
    }),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        staleTime: CACHE_TIMINGS_MS.staleTime,
        gcTime: CACHE_TIMINGS_MS.gcTime,
        refetchInterval: CACHE_TIMINGS_MS.refetchInterval,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// A newly signed-in person must never see the previous one's cached data.
onSessionChange((event) => {
  if (event === 'started') queryClient.clear();
});
