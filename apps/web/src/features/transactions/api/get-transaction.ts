import { CACHE_TIMINGS_MS, type Transaction, TransactionSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const TRANSACTION_FETCH_ERROR = 'Unable to fetch transaction';

function getTransaction(id: string, signal?: AbortSignal): Promise<Transaction> {
  return apiRequest(`/transaction/${encodeURIComponent(id)}`, {
    schema: TransactionSchema,
    defaultError: TRANSACTION_FETCH_ERROR,
    signal,
  });
}

/** The detail view is kept fresh: stale and refetched every 60 s (SPEC section 9). */
function getTransactionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.transactions, 'detail', id] as const,
    queryFn: ({ signal }) => getTransaction(id, signal),
    staleTime: CACHE_TIMINGS_MS.transactionDetailRefetch,
    refetchInterval: CACHE_TIMINGS_MS.transactionDetailRefetch,
    meta: { errorToast: false },
  });
}

/** One transaction; `placeholder` (the row the merchant clicked) shows while the fresh copy loads. */
export function useTransaction(id: string, placeholder?: Transaction) {
  return useQuery({ ...getTransactionQueryOptions(id), placeholderData: placeholder });
}
