import { CURRENCIES, type Wallet, WalletListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { moneyFreshness } from './money-freshness';

const WALLETS_FETCH_ERROR = 'Unable to fetch accounts';

async function getWallets(signal?: AbortSignal): Promise<Wallet[]> {
  const { wallets } = await apiRequest('/wallets', {
    schema: WalletListSchema,
    defaultError: WALLETS_FETCH_ERROR,
    signal,
  });
  return [...wallets].sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency));
}

export const getWalletsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.wallets,
    queryFn: ({ signal }) => getWallets(signal),
    meta: { errorToast: false },
    ...moneyFreshness,
  });

/** The merchant's wallets (its accounts), NGN first. */
export function useWallets() {
  return useQuery(getWalletsQueryOptions());
}
