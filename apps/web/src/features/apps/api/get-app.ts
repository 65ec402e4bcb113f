import { TransactionPageSchema, type Wallet, WalletListSchema } from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const APP_WALLETS_FETCH_ERROR = 'Unable to fetch accounts';

/** The app's own wallets with their balances: the call acts for the app, whatever the dashboard acts for. */
async function getAppWallets(appId: string, signal?: AbortSignal): Promise<Wallet[]> {
  const { wallets } = await apiRequest('/wallets', {
    schema: WalletListSchema,
    defaultError: APP_WALLETS_FETCH_ERROR,
    actFor: appId,
    signal,
  });
  return wallets;
}

export function useAppWallets(appId: string) {
  return useQuery({
    queryKey: [...queryKeys.apps, 'wallets', appId] as const,
    queryFn: ({ signal }) => getAppWallets(appId, signal),
    meta: { errorToast: false },
  });
}

/** Whether the app has any transaction: with money, what makes a deletion an archive (the API decides). */
export function useAppHasTransactions(appId: string) {
  return useQuery({
    queryKey: [...queryKeys.apps, 'history', appId] as const,
    queryFn: async ({ signal }) => {
      const page = await apiRequest('/transaction/search', {
        method: 'POST',
        query: { page: 1, size: 1 },
        body: { userId: appId },
        schema: TransactionPageSchema,
        defaultError: 'Unable to search transactions',
        signal,
      });
      return page.totalElements > 0;
    },
    meta: { errorToast: false },
  });
}
