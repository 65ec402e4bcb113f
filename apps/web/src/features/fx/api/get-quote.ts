import { type FxQuote, type FxQuoteRequest, FxQuoteSchema } from '@bizdash/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const QUOTE_ERROR = 'Unable to get a rate. Please try again.';

function getQuote(request: FxQuoteRequest, signal?: AbortSignal): Promise<FxQuote> {
  return apiRequest('/fx/quotes', {
    method: 'POST',
    body: request,
    schema: FxQuoteSchema,
    defaultError: QUOTE_ERROR,
    signal,
  });
}

/**
 * A quote is made by the server (a POST) and held for a short while: it is never refetched on its own
 * (focus, reconnect), only when the screen says it expired (see useQuoteCountdown) or the request changes.
 */
const getQuoteQueryOptions = (request: FxQuoteRequest | null) =>
  queryOptions({
    queryKey: [...queryKeys.fx, 'quote', request] as const,
    queryFn: ({ signal }) => getQuote(request as FxQuoteRequest, signal),
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: false,
    meta: { errorToast: false },
    // The last quote stays on screen while the next one (another amount, a refresh) is on its way.
    placeholderData: keepPreviousData,
  });

export function useQuote(request: FxQuoteRequest | null) {
  return useQuery(getQuoteQueryOptions(request));
}
