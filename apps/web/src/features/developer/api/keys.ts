import type { ApiKeyDetails, User } from '@bizdash/shared';
import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@/lib/api/user';

/** Under the user's key: whatever makes the user stale (live notices, polling) refreshes the log too. */
export const deliveriesQueryKey = (userId: string) =>
  [...userQueryKey(userId), 'webhook-deliveries'] as const;

/** Puts new API details into the cached user, so every screen showing it changes at once. */
export function storeApiDetails(
  queryClient: QueryClient,
  userId: string,
  change: (details: ApiKeyDetails) => ApiKeyDetails,
): void {
  queryClient.setQueryData<User>(userQueryKey(userId), (user) =>
    user ? { ...user, apiKey: change(user.apiKey) } : user,
  );
}
