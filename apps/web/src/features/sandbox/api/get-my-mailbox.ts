import { type SandboxMailboxResponse, SandboxMailboxResponseSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function getMyMailbox(signal?: AbortSignal): Promise<SandboxMailboxResponse> {
  return apiRequest('/sandbox/my-mailbox', {
    schema: SandboxMailboxResponseSchema,
    defaultError: 'Unable to fetch your test emails',
    signal,
  });
}

function getMyMailboxQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.sandboxMailbox, 'my-mailbox'],
    queryFn: ({ signal }) => getMyMailbox(signal),
    // A code was just sent: read it now, not from the cache.
    staleTime: 0,
    refetchInterval: false,
    // Shown inline on the page instead of as a toast.
    meta: { errorToast: false },
  });
}

export function useMyMailbox() {
  return useQuery(getMyMailboxQueryOptions());
}
