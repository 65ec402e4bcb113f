import { type Payout, PayoutListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PAYOUTS_FETCH_ERROR = 'Unable to fetch payouts';

async function getPayouts(signal?: AbortSignal): Promise<Payout[]> {
  const { payouts } = await apiRequest('/payouts', {
    schema: PayoutListSchema,
    defaultError: PAYOUTS_FETCH_ERROR,
    signal,
  });
  return payouts;
}

export const getPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.payouts, 'list'] as const,
    queryFn: ({ signal }) => getPayouts(signal),
    meta: { errorToast: false },
  });

/** The latest payouts, newest first; a live 'payout' notice refreshes them. */
export function usePayouts() {
  return useQuery(getPayoutsQueryOptions());
}
