import { type Payout, PayoutSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PROCESSING_POLL_MS } from './get-payouts';
import { payoutsQueryKey } from './keys';

const PAYOUT_FETCH_ERROR = 'Unable to load this payout';

function getPayout(payoutId: string, signal?: AbortSignal): Promise<Payout> {
  return apiRequest(`/payouts/${encodeURIComponent(payoutId)}`, {
    schema: PayoutSchema,
    defaultError: PAYOUT_FETCH_ERROR,
    signal,
  });
}

export function getPayoutQueryOptions(payoutId: string) {
  return queryOptions({
    queryKey: [...payoutsQueryKey, 'detail', payoutId] as const,
    queryFn: ({ signal }) => getPayout(payoutId, signal),
    meta: { errorToast: false },
    refetchInterval: (query) => (query.state.data?.status === 'PROCESSING' ? PROCESSING_POLL_MS : false),
  });
}

/** One payout; followed every 2 s while the rail has it, so its page moves on by itself. */
export function usePayout(payoutId: string) {
  return useQuery(getPayoutQueryOptions(payoutId));
}
