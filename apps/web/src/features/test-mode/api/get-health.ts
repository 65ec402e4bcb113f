import { type Health, HealthSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function getHealth(signal?: AbortSignal): Promise<Health> {
  return apiRequest('/health', {
    schema: HealthSchema,
    auth: false,
    defaultError: 'Unable to reach the server',
    signal,
  });
}

export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => getHealth(signal),
    // Test mode is fixed when the server starts: ask once per visit.
    staleTime: Number.POSITIVE_INFINITY,
    // The banner is a hint, not the page: a failed check shows nothing rather than a toast.
    meta: { errorToast: false },
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
