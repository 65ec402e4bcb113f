import { type User, UserSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useBusinessId } from '@/lib/acting-profile';
import { apiRequest } from '@/lib/api-client';
import { type Credentials, MISSING_USER_ID_MESSAGE, useUserId } from '@/lib/credentials';
import { queryKeys } from '@/lib/query-keys';

const USER_FETCH_ERROR = 'Unable to fetch user information';

/** A user (the merchant or one of its apps); with `actAs`, an account read with its own token instead. */
export function getUser(
  userId: string,
  { actAs, signal }: { actAs?: Credentials; signal?: AbortSignal } = {},
): Promise<User> {
  return apiRequest(`/users/${encodeURIComponent(userId)}`, {
    schema: UserSchema,
    actAs,
    defaultError: USER_FETCH_ERROR,
    signal,
  });
}

export function getUserQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...queryKeys.users, userId] as const,
    queryFn: ({ signal }) => {
      if (!userId) throw new Error(MISSING_USER_ID_MESSAGE);
      return getUser(userId, { signal });
    },
    enabled: Boolean(userId),
  });
}

/**
 * The user's own entry, which every screen showing it (the shell, profile, developer settings) shares; what hangs
 * off the user (KYC, two-factor, notification settings, the webhook log) lives under it, so a live 'user' notice
 * refreshes it all.
 */
export const userQueryKey = (userId: string | null) => getUserQueryOptions(userId).queryKey;

/** The signed-in person's own account (their name, picture, email). */
export function useUser() {
  return useQuery(getUserQueryOptions(useUserId()));
}

/** The business the dashboard acts for (a member's: the business they chose; else their own account). */
export function useBusiness() {
  return useQuery(getUserQueryOptions(useBusinessId()));
}
