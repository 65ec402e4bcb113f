import {
  type CreateInvitationRequest,
  MembershipSchema,
  TEAM_ROLE_LABELS,
  TeamInvitationSchema,
  TeamMemberSchema,
  type TeamRole,
  TeamSettingsRequestSchema,
  type TransferOwnershipRequest,
} from '@bizdash/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

const id = (value: string) => encodeURIComponent(value);

export function useInviteMember() {
  return useApiMutation({
    mutationFn: (body: CreateInvitationRequest) =>
      apiRequest('/team/invitations', {
        method: 'POST',
        body,
        schema: TeamInvitationSchema,
        defaultError: 'Unable to send the invitation',
      }),
    successMessage: (invitation) => `Invitation sent to ${invitation.email}`,
    invalidates: [queryKeys.team],
    // The dialog shows a refused email beside its field.
    toastErrors: false,
  });
}

export function useResendInvitation() {
  return useApiMutation({
    mutationFn: (invitationId: string) =>
      apiRequest(`/team/invitations/${id(invitationId)}/resend`, {
        method: 'POST',
        schema: TeamInvitationSchema,
        defaultError: 'Unable to resend the invitation',
      }),
    successMessage: (invitation) => `Invitation sent again to ${invitation.email}`,
    invalidates: [queryKeys.team],
  });
}

export function useRevokeInvitation() {
  return useApiMutation({
    mutationFn: (invitationId: string) =>
      apiRequest(`/team/invitations/${id(invitationId)}`, {
        method: 'DELETE',
        defaultError: 'Unable to revoke the invitation',
      }),
    successMessage: 'Invitation revoked',
    invalidates: [queryKeys.team],
  });
}

export function useChangeRole() {
  return useApiMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: TeamRole }) =>
      apiRequest(`/team/members/${id(memberId)}`, {
        method: 'PATCH',
        body: { role },
        schema: TeamMemberSchema,
        defaultError: 'Unable to change the role',
      }),
    successMessage: (member) =>
      `${member.firstName} ${member.lastName} is now ${TEAM_ROLE_LABELS[member.role]}`,
    invalidates: [queryKeys.team],
  });
}

export function useRemoveMember() {
  return useApiMutation({
    mutationFn: ({ memberId }: { memberId: string; name: string }) =>
      apiRequest(`/team/members/${id(memberId)}`, {
        method: 'DELETE',
        defaultError: 'Unable to remove the member',
      }),
    successMessage: 'Member removed',
    invalidates: [queryKeys.team],
  });
}

export function useTransferOwnership() {
  return useApiMutation({
    mutationFn: (body: TransferOwnershipRequest) =>
      apiRequest('/team/transfer-ownership', {
        method: 'POST',
        body,
        defaultError: 'Unable to transfer ownership',
      }),
    successMessage: 'Ownership transferred: you are now an admin of this business.',
    // Their own role changed too: the memberships say so.
    invalidates: [queryKeys.team],
    toastErrors: false,
  });
}

export function useRequireTwoFactor() {
  return useApiMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      apiRequest('/team/settings', {
        method: 'PUT',
        body: { requireTwoFactor },
        schema: TeamSettingsRequestSchema,
        defaultError: 'Unable to change the two-factor requirement',
      }),
    successMessage: ({ requireTwoFactor }) =>
      requireTwoFactor
        ? 'Every member now needs two-factor authentication'
        : 'Two-factor authentication is no longer required of every member',
    invalidates: [queryKeys.team],
  });
}

/** POST /api/team/invitations/accept as the invitee (a person-level call: their own id). */
export function acceptInvitation(token: string) {
  return apiRequest('/team/invitations/accept', {
    method: 'POST',
    body: { token },
    schema: MembershipSchema,
    defaultError: 'Unable to accept the invitation',
  });
}
