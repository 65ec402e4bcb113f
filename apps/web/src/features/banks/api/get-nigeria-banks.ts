import { CACHE_TIMINGS_MS, type NigeriaBank, NigeriaBankListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const BANKS_FETCH_ERROR = 'Unable to fetch banks';

function getNigeriaBanks(signal?: AbortSignal): Promise<NigeriaBank[]> {
  return apiRequest('/bank/nigeria-banks', {
    schema: NigeriaBankListSchema,
    defaultError: BANKS_FETCH_ERROR,
    signal,
  });
}

/** SPEC section 9: the banks list is fresh for 60 s and refetched every 180 s. */
function getNigeriaBanksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.nigeriaBanks,
    queryFn: ({ signal }) => getNigeriaBanks(signal),
    staleTime: CACHE_TIMINGS_MS.banksStale,
    refetchInterval: CACHE_TIMINGS_MS.banksRefetch,
  });
}

export function useNigeriaBanks() {
  return useQuery(getNigeriaBanksQueryOptions());
}
