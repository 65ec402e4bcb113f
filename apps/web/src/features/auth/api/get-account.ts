import { useQuery } from '@tanstack/react-query';
import { getUser } from '@/lib/api/user';
import type { Credentials } from '@/lib/credentials';
import { queryKeys } from '@/lib/query-keys';

/**
 * An account read with its own token, whether or not it is the one signed in here: the account-switch page
 * names both merchants with it. Without an answer that page shows the ids, so a failure needs no toast.
 */
export function useAccount(credentials: Credentials) {
  return useQuery({
    queryKey: [...queryKeys.accounts, credentials.userId],
    queryFn: ({ signal }) => getUser(credentials.userId, { actAs: credentials, signal }),
    meta: { errorToast: false },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
