import { type User, UserSchema } from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from './keys';

const USER_FETCH_ERROR = 'Unable to fetch user information';

function getUser(userId: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(`/users/${encodeURIComponent(userId)}`, {
    schema: UserSchema,
    defaultError: USER_FETCH_ERROR,
    signal,
  });
}

/** The API key and webhook of the merchant or one of its apps (the `apiKey` of GET /api/users/{id}). */
export function useApiDetails(userId: string) {
  return useQuery({
    queryKey: userQueryKey(userId),
    queryFn: ({ signal }) => getUser(userId, signal),
    select: (user) => user.apiKey,
    meta: { errorToast: false },
  });
}
