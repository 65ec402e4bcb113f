import { type Payout, PayoutSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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
    queryKey: [...queryKeys.payouts, 'detail', payoutId] as const,
    queryFn: ({ signal }) => getPayout(payoutId, signal),
    meta: { errorToast: false },
  });
}

/** One payout; a live 'payout' notice (lib/use-live-updates) refreshes it when the rail answers. */
export function usePayout(payoutId: string) {
  return useQuery(getPayoutQueryOptions(payoutId));
}
