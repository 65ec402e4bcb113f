import { type KycSubmission, type SandboxKycSession, SandboxKycSessionSchema } from '@bizdash/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const SESSION_ERROR = 'Unable to open this verification. Please try again.';
const SUBMIT_ERROR = 'Unable to submit your verification. Please try again.';

const sessionPath = (sessionId: string) => `/sandbox/identity/sessions/${encodeURIComponent(sessionId)}`;

/** The widget is the provider's page: its session id is the credential, not the merchant's sign-in. */
function getSandboxSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: [...queryKeys.sandboxKycSession, sessionId] as const,
    queryFn: ({ signal }) =>
      apiRequest(sessionPath(sessionId), {
        auth: false,
        schema: SandboxKycSessionSchema,
        defaultError: SESSION_ERROR,
        signal,
      }),
    retry: false,
  });
}

export function useSandboxSession(sessionId: string) {
  return useQuery({ ...getSandboxSessionQueryOptions(sessionId), enabled: Boolean(sessionId) });
}

/** The selfie first (stored privately by the provider's side), then the ID details that decide the outcome. */
export function useSubmitSandboxKyc(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ submission, selfie }: { submission: KycSubmission; selfie: File | null }) => {
      if (selfie) {
        const body = new FormData();
        body.append('file', selfie, selfie.name || 'selfie');
        await apiRequest(`${sessionPath(sessionId)}/selfie`, {
          method: 'POST',
          auth: false,
          body,
          schema: SandboxKycSessionSchema,
          defaultError: SUBMIT_ERROR,
        });
      }
      return apiRequest(`${sessionPath(sessionId)}/submit`, {
        method: 'POST',
        auth: false,
        body: submission,
        schema: SandboxKycSessionSchema,
        defaultError: SUBMIT_ERROR,
      });
    },
    onSuccess: (session: SandboxKycSession) =>
      queryClient.setQueryData(getSandboxSessionQueryOptions(sessionId).queryKey, session),
  });
}
