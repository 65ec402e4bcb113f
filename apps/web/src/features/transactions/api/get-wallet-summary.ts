import { WalletSummarySchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { moneyFreshness } from '@/lib/api/money-freshness';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const SUMMARY_FETCH_ERROR = 'Unable to fetch money in and out';

/** Money in and out per wallet per UTC day, successful transactions only. */
function getWalletSummary(range: { from: string; to: string }, signal?: AbortSignal) {
  return apiRequest('/wallets/summary', {
    query: range,
    schema: WalletSummarySchema,
    defaultError: SUMMARY_FETCH_ERROR,
    signal,
  });
}

const getWalletSummaryQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...queryKeys.wallets, 'summary', range.from, range.to] as const,
    queryFn: ({ signal }) => getWalletSummary(range, signal),
    meta: { errorToast: false },
    ...moneyFreshness,
  });

export function useWalletSummary(range: { from: string; to: string }) {
  return useQuery(getWalletSummaryQueryOptions(range));
}
