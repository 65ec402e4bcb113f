import {
  type TeamInvitation,
  TeamInvitationListSchema,
  type TeamMemberList,
  TeamMemberListSchema,
} from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { useActingUserId } from '@/lib/acting-profile';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const MEMBERS_FETCH_ERROR = 'Unable to fetch team members';
const INVITATIONS_FETCH_ERROR = 'Unable to fetch invitations';

/** The team of the business the dashboard acts for (its members and whether it requires two-factor). */
export function useTeamMembers() {
  const actingUserId = useActingUserId();
  return useQuery({
    queryKey: [...queryKeys.team, 'members', actingUserId] as const,
    queryFn: ({ signal }): Promise<TeamMemberList> =>
      apiRequest('/team/members', {
        schema: TeamMemberListSchema,
        defaultError: MEMBERS_FETCH_ERROR,
        signal,
      }),
    meta: { errorToast: false },
  });
}

/** Its invitations; only the pending ones are listed (accepted ones are members, revoked and expired ones gone). */
export function useTeamInvitations({ enabled }: { enabled: boolean }) {
  const actingUserId = useActingUserId();
  return useQuery({
    queryKey: [...queryKeys.team, 'invitations', actingUserId] as const,
    queryFn: async ({ signal }): Promise<TeamInvitation[]> => {
      const { items } = await apiRequest('/team/invitations', {
        schema: TeamInvitationListSchema,
        defaultError: INVITATIONS_FETCH_ERROR,
        signal,
      });
      return items.filter((invitation) => invitation.status === 'PENDING');
    },
    enabled,
    meta: { errorToast: false },
  });
}
