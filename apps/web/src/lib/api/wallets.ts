import { CURRENCIES, type Wallet, WalletListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { moneyFreshness } from './money-freshness';

const WALLETS_FETCH_ERROR = 'Unable to fetch accounts';

/**
 * The wallets, with their balances, of whoever the dashboard acts for (the merchant or the app it acts for), or of
 * the app `actFor` names; NGN first.
 */
export async function getWallets({ actFor, signal }: { actFor?: string; signal?: AbortSignal } = {}) {
  const { wallets } = await apiRequest('/wallets', {
    schema: WalletListSchema,
    defaultError: WALLETS_FETCH_ERROR,
    actFor,
    signal,
  });
  return [...wallets].sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency));
}

/**
 * At the wallets root, which a live notice, a conversion or a payout makes stale. Every screen showing a balance
 * (accounts, conversion, payouts, settlement) reads this one entry; each shows its own error state.
 */
export const getWalletsQueryOptions = () =>
  queryOptions<Wallet[]>({
    queryKey: queryKeys.wallets,
    queryFn: ({ signal }) => getWallets({ signal }),
    meta: { errorToast: false },
    ...moneyFreshness,
  });

/** The wallets (accounts) of whoever the dashboard acts for, NGN first. */
export function useWallets() {
  return useQuery(getWalletsQueryOptions());
}
