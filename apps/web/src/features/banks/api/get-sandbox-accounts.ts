import { type SandboxNairaAccounts, SandboxNairaAccountsSchema } from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function getSandboxAccounts(signal?: AbortSignal): Promise<SandboxNairaAccounts> {
  return apiRequest('/bank/sandbox-accounts', {
    schema: SandboxNairaAccountsSchema,
    defaultError: 'Unable to fetch the sandbox accounts',
    signal,
  });
}

/**
 * The sandbox's test account numbers, as the server lists them; only a server on the sandbox directory and rail
 * has the route, so elsewhere there is nothing to show and no error to toast.
 */
export function useSandboxAccounts() {
  return useQuery({
    queryKey: queryKeys.bankSandboxAccounts,
    queryFn: ({ signal }) => getSandboxAccounts(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { errorToast: false },
  });
}
