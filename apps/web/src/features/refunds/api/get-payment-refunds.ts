import { CACHE_TIMINGS_MS, MAX_PAGE_SIZE, type RefundPage, RefundPageSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const REFUNDS_FETCH_ERROR = 'Unable to load the refunds of this payment';

function getPaymentRefunds(transactionId: string, signal?: AbortSignal): Promise<RefundPage> {
  return apiRequest('/refunds', {
    query: { transactionId, size: MAX_PAGE_SIZE },
    schema: RefundPageSchema,
    defaultError: REFUNDS_FETCH_ERROR,
    signal,
  });
}

function getPaymentRefundsQueryOptions(transactionId: string) {
  return queryOptions({
    queryKey: [...queryKeys.refunds, 'payment', transactionId] as const,
    queryFn: ({ signal }) => getPaymentRefunds(transactionId, signal),
    // A pending refund is answered by the card network within seconds: its live notice refreshes the list, and
    // this poll does too while the stream is down.
    refetchInterval: (query) =>
      query.state.data?.items.some((refund) => refund.status === 'PENDING')
        ? CACHE_TIMINGS_MS.liveRefresh
        : false,
    meta: { errorToast: false },
  });
}

/**
 * The refunds of one payment (by its transaction's id), newest first; a refund's DEBIT settling or coming back (a
 * live 'transaction' notice) refreshes them.
 */
export function usePaymentRefunds(transactionId: string) {
  return useQuery(getPaymentRefundsQueryOptions(transactionId));
}
