import { type Payout, PayoutListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { payoutsQueryKey } from './keys';

const PAYOUTS_FETCH_ERROR = 'Unable to fetch payouts';
/** The sandbox rail answers within seconds: a list showing a payout on its way asks again this often. */
export const PROCESSING_POLL_MS = 2_000;

async function getPayouts(signal?: AbortSignal): Promise<Payout[]> {
  const { payouts } = await apiRequest('/payouts', {
    schema: PayoutListSchema,
    defaultError: PAYOUTS_FETCH_ERROR,
    signal,
  });
  return payouts;
}

const getPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: [...payoutsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getPayouts(signal),
    meta: { errorToast: false },
    refetchInterval: (query) =>
      query.state.data?.some((payout) => payout.status === 'PROCESSING') ? PROCESSING_POLL_MS : false,
  });

/** The latest payouts, newest first; followed every 2 s while one of them is processing. */
export function usePayouts() {
  return useQuery(getPayoutsQueryOptions());
}
