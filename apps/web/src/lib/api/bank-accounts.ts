import { type BankAccount, BankAccountListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const ACCOUNTS_FETCH_ERROR = 'Unable to fetch settlement accounts';

/**
 * The root of every settlement-account query: adding or deactivating an account makes them stale, and a live
 * 'bank' notice (lib/use-live-updates) refreshes everything under the banks root.
 */
export const bankAccountsQueryKey = [...queryKeys.banks, 'accounts'] as const;

function getBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  return apiRequest('/bank/accounts', {
    schema: BankAccountListSchema,
    defaultError: ACCOUNTS_FETCH_ERROR,
    signal,
  });
}

/**
 * The acting user's settlement accounts (the user id header says who acts), one entry whoever reads them: the
 * settlement screen lists them, a payout chooses one.
 */
export function getBankAccountsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...bankAccountsQueryKey, userId] as const,
    queryFn: ({ signal }) => getBankAccounts(signal),
    enabled: Boolean(userId),
  });
}

export function useBankAccounts(userId: string | null) {
  return useQuery(getBankAccountsQueryOptions(userId));
}
