import { type BankAccount, BankAccountListSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const ACCOUNTS_FETCH_ERROR = 'Unable to fetch settlement accounts';

function getSettlementAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  return apiRequest('/bank/accounts', {
    schema: BankAccountListSchema,
    defaultError: ACCOUNTS_FETCH_ERROR,
    signal,
  });
}

/**
 * The settlement accounts a payout can go to. Under ['banks', 'accounts'], the settlement screen's root: adding or
 * deactivating an account there, or a live 'bank' notice, refreshes this list too.
 */
const getSettlementAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.banks, 'accounts', 'payout recipients'] as const,
    queryFn: ({ signal }) => getSettlementAccounts(signal),
    staleTime: 0,
    meta: { errorToast: false },
  });

export function useSettlementAccounts() {
  return useQuery(getSettlementAccountsQueryOptions());
}
