import {
  type SandboxBankLinkSession,
  SandboxBankLinkSessionSchema,
  type SandboxBankLinkSubmission,
} from '@bizdash/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const SESSION_ERROR = 'Unable to open this bank link. Please try again.';
const SUBMIT_ERROR = 'Unable to link your account. Please try again.';

const sessionPath = (sessionId: string) => `/sandbox/bank-link/sessions/${encodeURIComponent(sessionId)}`;

/** The hosted page is the provider's: its session id is the credential, not the merchant's sign-in. */
function getSandboxBankLinkQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: [...queryKeys.sandboxBankLink, sessionId] as const,
    queryFn: ({ signal }) =>
      apiRequest(sessionPath(sessionId), {
        auth: false,
        schema: SandboxBankLinkSessionSchema,
        defaultError: SESSION_ERROR,
        signal,
      }),
    retry: false,
    refetchInterval: false,
  });
}

export function useSandboxBankLink(sessionId: string) {
  return useQuery({ ...getSandboxBankLinkQueryOptions(sessionId), enabled: Boolean(sessionId) });
}

export function useSubmitSandboxBankLink(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: SandboxBankLinkSubmission) =>
      apiRequest(`${sessionPath(sessionId)}/submit`, {
        method: 'POST',
        auth: false,
        body: submission,
        schema: SandboxBankLinkSessionSchema,
        defaultError: SUBMIT_ERROR,
      }),
    onSuccess: (session: SandboxBankLinkSession) =>
      queryClient.setQueryData(getSandboxBankLinkQueryOptions(sessionId).queryKey, session),
  });
}
