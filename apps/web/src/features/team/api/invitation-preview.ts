import { type InvitationPreview, InvitationPreviewSchema } from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/team/invitations/preview?token= (public): what an invitation link offers, before signing in or up. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: [...queryKeys.team, 'preview', token] as const,
    queryFn: ({ signal }): Promise<InvitationPreview> =>
      apiRequest('/team/invitations/preview', {
        query: { token },
        auth: false,
        schema: InvitationPreviewSchema,
        defaultError: 'Unable to read the invitation',
        signal,
      }),
    enabled: token.length > 0,
    meta: { errorToast: false },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
