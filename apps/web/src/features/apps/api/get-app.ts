import { TransactionPageSchema } from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { getWallets } from '@/lib/api/wallets';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The app's own wallets with their balances, NGN first. */
export function useAppWallets(appId: string) {
  return useQuery({
    queryKey: [...queryKeys.apps, 'wallets', appId] as const,
    // The call acts for the app, whatever the dashboard acts for.
    queryFn: ({ signal }) => getWallets({ actFor: appId, signal }),
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
