import { type User, UserSchema } from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Credentials } from '@/lib/credentials';
import { queryKeys } from '@/lib/query-keys';

function getAccount(credentials: Credentials, signal?: AbortSignal): Promise<User> {
  return apiRequest(`/users/${encodeURIComponent(credentials.userId)}`, {
    schema: UserSchema,
    actAs: credentials,
    defaultError: 'Unable to fetch user information',
    signal,
  });
}

/**
 * An account read with its own token, whether or not it is the one signed in here: the account-switch page
 * names both merchants with it. Without an answer that page shows the ids, so a failure needs no toast.
 */
export function useAccount(credentials: Credentials) {
  return useQuery({
    queryKey: [...queryKeys.accounts, credentials.userId],
    queryFn: ({ signal }) => getAccount(credentials, signal),
    meta: { errorToast: false },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
