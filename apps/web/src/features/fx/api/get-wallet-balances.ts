import { CURRENCIES, type Wallet, WalletListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const WALLETS_FETCH_ERROR = 'Unable to fetch accounts';

async function getWalletBalances(signal?: AbortSignal): Promise<Wallet[]> {
  const { wallets } = await apiRequest('/wallets', {
    schema: WalletListSchema,
    defaultError: WALLETS_FETCH_ERROR,
    signal,
  });
  return [...wallets].sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency));
}

/**
 * Under ['wallets'] (what the live stream and a conversion invalidate), in an entry of its own: the transactions
 * feature keeps its wallets at ['wallets'] itself, and features do not share code.
 */
const getWalletBalancesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.wallets, 'balances'] as const,
    queryFn: ({ signal }) => getWalletBalances(signal),
    meta: { errorToast: false },
    // A balance is never shown stale on arrival: the conversion is judged against it.
    refetchOnMount: 'always',
  });

export function useWalletBalances() {
  return useQuery(getWalletBalancesQueryOptions());
}
