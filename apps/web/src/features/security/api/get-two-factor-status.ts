import { type TwoFactorStatus, TwoFactorStatusSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userQueryKey } from '@/lib/api/user';
import { apiRequest } from '@/lib/api-client';

const TWO_FACTOR_STATUS_ERROR = 'Unable to fetch your two-factor settings';

export const twoFactorPath = (userId: string, action = '') =>
  `/users/${encodeURIComponent(userId)}/two-factor${action ? `/${action}` : ''}`;

function getTwoFactorStatus(userId: string, signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest(twoFactorPath(userId), {
    schema: TwoFactorStatusSchema,
    defaultError: TWO_FACTOR_STATUS_ERROR,
    signal,
  });
}

/** Under the user's key, so a live 'user' notice refreshes it with the merchant. */
export function getTwoFactorStatusQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...userQueryKey(userId), 'two-factor'] as const,
    queryFn: ({ signal }) => getTwoFactorStatus(userId, signal),
    // The card shows its own error state with a Retry button.
    meta: { errorToast: false },
  });
}

export function useTwoFactorStatus(userId: string) {
  return useQuery(getTwoFactorStatusQueryOptions(userId));
}
