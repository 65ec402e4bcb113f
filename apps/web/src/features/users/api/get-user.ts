import { type User, UserSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MISSING_USER_ID_MESSAGE, useUserId } from '@/lib/credentials';
import { queryKeys } from '@/lib/query-keys';

const USER_FETCH_ERROR = 'Unable to fetch user information';

function getUser(userId: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(`/users/${encodeURIComponent(userId)}`, {
    schema: UserSchema,
    defaultError: USER_FETCH_ERROR,
    signal,
  });
}

const userQueryKey = (userId: string | null) => [...queryKeys.users, userId] as const;

export function getUserQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: userQueryKey(userId),
    queryFn: ({ signal }) => {
      if (!userId) throw new Error(MISSING_USER_ID_MESSAGE);
      return getUser(userId, signal);
    },
    enabled: Boolean(userId),
  });
}

/** The signed-in merchant. */
export function useUser() {
  return useQuery(getUserQueryOptions(useUserId()));
}
