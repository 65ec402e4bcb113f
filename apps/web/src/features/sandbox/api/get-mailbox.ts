import { type SandboxMailboxResponse, SandboxMailboxResponseSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function getMailbox(email: string, key: string, signal?: AbortSignal): Promise<SandboxMailboxResponse> {
  return apiRequest('/sandbox/mailbox', {
    query: { email },
    headers: { 'x-sandbox-key': key },
    schema: SandboxMailboxResponseSchema,
    auth: false,
    defaultError: 'Unable to fetch the sandbox mailbox',
    signal,
  });
}

function getMailboxQueryOptions(email: string, key: string) {
  return queryOptions({
    queryKey: [...queryKeys.sandboxMailbox, 'mailbox', email, key],
    queryFn: ({ signal }) => getMailbox(email, key, signal),
    enabled: email !== '',
    staleTime: 0,
    refetchInterval: false,
    // Shown inline on the page instead of as a toast.
    meta: { errorToast: false },
  });
}

export function useMailbox(email: string, key: string) {
  return useQuery(getMailboxQueryOptions(email, key));
}
