import {
  CACHE_TIMINGS_MS,
  type DisputeDetail,
  DisputeDetailSchema,
  type DisputePage,
  DisputePageSchema,
  type DisputeStatus,
  DisputeSummarySchema,
  MAX_PAGE_SIZE,
  OPEN_DISPUTE_STATUSES,
  SEARCH_PAGE_SIZE,
} from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface DisputesPageRequest {
  page: number;
  status: DisputeStatus | null;
}

function getDisputes({ page, status }: DisputesPageRequest, signal?: AbortSignal): Promise<DisputePage> {
  return apiRequest('/disputes', {
    query: { page, size: SEARCH_PAGE_SIZE, ...(status ? { status } : {}) },
    schema: DisputePageSchema,
    defaultError: 'Unable to fetch disputes',
    signal,
  });
}

/** One page of the merchant's disputes, the ones needing an answer first (the API orders them), maybe in one status. */
export function useDisputes(request: DisputesPageRequest) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.disputes, 'list', request.page, request.status] as const,
      queryFn: ({ signal }) => getDisputes(request, signal),
      // Paging and filtering keep the current rows on screen (dimmed) until the next ones arrive.
      placeholderData: (previous) => previous,
      meta: { errorToast: false },
    }),
  );
}

export const disputeQueryKey = (disputeId: string) => [...queryKeys.disputes, 'detail', disputeId] as const;

/** One dispute with its payment, evidence and timeline. */
export function useDispute(disputeId: string) {
  return useQuery(
    queryOptions({
      queryKey: disputeQueryKey(disputeId),
      queryFn: ({ signal }): Promise<DisputeDetail> =>
        apiRequest(`/disputes/${encodeURIComponent(disputeId)}`, {
          schema: DisputeDetailSchema,
          defaultError: 'Unable to load this dispute',
          signal,
        }),
      // Evidence under review is decided by the card network (within seconds in the sandbox): its live notice
      // refreshes the page, and this poll does too while the stream is down.
      refetchInterval: (query) =>
        query.state.data?.status === 'UNDER_REVIEW' ? CACHE_TIMINGS_MS.liveRefresh : false,
      // The page shows its own not-found and error states.
      meta: { errorToast: false },
    }),
  );
}

export const isOpenDispute = (status: DisputeStatus) =>
  (OPEN_DISPUTE_STATUSES as readonly DisputeStatus[]).includes(status);

/** How many disputes need an answer: the sidebar's badge. A failure shows no badge. */
export function useDisputeSummary() {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.disputes, 'summary'] as const,
      queryFn: ({ signal }) =>
        apiRequest('/disputes/summary', {
          schema: DisputeSummarySchema,
          defaultError: 'Unable to count disputes',
          signal,
        }),
      meta: { errorToast: false },
    }),
  );
}

/** The disputes of a payment (by its transaction's id), newest first; none for most payments. */
export function usePaymentDisputes(transactionId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.disputes, 'payment', transactionId] as const,
      queryFn: ({ signal }) =>
        apiRequest('/disputes', {
          query: { transactionId, size: MAX_PAGE_SIZE },
          schema: DisputePageSchema,
          defaultError: 'Unable to load the disputes of this payment',
          signal,
        }),
      select: (page) => page.items,
      meta: { errorToast: false },
    }),
  );
}
