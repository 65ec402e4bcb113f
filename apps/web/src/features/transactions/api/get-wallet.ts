import { type Wallet, WalletSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { moneyFreshness } from '@/lib/api/money-freshness';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const WALLET_FETCH_ERROR = 'Unable to fetch account';

function getWallet(walletId: string, signal?: AbortSignal): Promise<Wallet> {
  return apiRequest(`/wallets/${encodeURIComponent(walletId)}`, {
    schema: WalletSchema,
    defaultError: WALLET_FETCH_ERROR,
    signal,
  });
}

const getWalletQueryOptions = (walletId: string) =>
  queryOptions({
    queryKey: [...queryKeys.wallets, walletId] as const,
    queryFn: ({ signal }) => getWallet(walletId, signal),
    meta: { errorToast: false },
    ...moneyFreshness,
  });

/** One of the merchant's wallets; the API answers 404 for anyone else's. */
export function useWallet(walletId: string) {
  return useQuery(getWalletQueryOptions(walletId));
}
