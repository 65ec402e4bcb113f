import { type SandboxMailboxResponse, SandboxMailboxResponseSchema } from '@bizdash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getMailbox(email: string, signal?: AbortSignal): Promise<SandboxMailboxResponse> {
  return apiRequest('/sandbox/mailbox', {
    query: { email },
    schema: SandboxMailboxResponseSchema,
    auth: false,
    defaultError: 'Unable to fetch the sandbox mailbox',
    signal,
  });
}

export function getMailboxQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['sandbox', 'mailbox', email],
    queryFn: ({ signal }) => getMailbox(email, signal),
    enabled: email !== '',
    staleTime: 0,
    refetchInterval: false,
    // Shown inline on the page instead of as a toast.
    meta: { errorToast: false },
  });
}

export function useMailbox(email: string) {
  return useQuery(getMailboxQueryOptions(email));
}
