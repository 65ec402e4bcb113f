import { SEARCH_PAGE_SIZE, SignInHistoryPageSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One page of the person's own sign-ins and failed sign-ins, newest first (GET /api/users/{id}/sign-ins). */
export function useSignIns(userId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.audit, 'sign-ins', userId, page] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/users/${encodeURIComponent(userId)}/sign-ins`, {
          query: { page, size: SEARCH_PAGE_SIZE },
          schema: SignInHistoryPageSchema,
          defaultError: 'Unable to fetch your sign-in history',
          signal,
        }),
      placeholderData: (previous) => previous,
      meta: { errorToast: false },
    }),
  );
}
