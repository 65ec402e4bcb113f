import {
  AcceptInvitationRequestSchema,
  ApiErrorSchema,
  CreateInvitationRequestSchema,
  InvitationPreviewQuerySchema,
  InvitationPreviewSchema,
  MembershipListSchema,
  MembershipSchema,
  MessageResponseSchema,
  TeamInvitationListSchema,
  TeamInvitationParamsSchema,
  TeamInvitationSchema,
  TeamMemberListSchema,
  TeamMemberParamsSchema,
  TeamMemberSchema,
  TeamSettingsRequestSchema,
  TransferOwnershipRequestSchema,
  UpdateMemberRequestSchema,
} from '@bizdash/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { noStore } from '../../lib/no-store.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import { countPasswordCheck, findCredentialsByUserId } from '../auth/index.ts';
import {
  acceptInvitation,
  createInvitation,
  listTeamInvitations,
  previewInvitation,
  resendInvitation,
  revokeTeamInvitation,
} from './invitations.service.ts';
import {
  changeMemberRole,
  listMemberships,
  listTeam,
  removeMember,
  transferOwnership,
  updateTeamSettings,
} from './team.service.ts';

const tags = ['team'];
const error = ApiErrorSchema;
const LINK_INVALID =
  '`INVITATION_LINK_INVALID`: "This invitation link is invalid, used, revoked or expired." (unknown, used, revoked or expired alike).';

/**
 * The team of the business a request acts for (issue 23 §1): members, invitations, roles, ownership and the
 * two-factor requirement; and the person's own memberships. Every route is about people: no API key.
 */
export function teamRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    const limits = deps.rateLimits;

    api.get(
      '/members',
      {
        config: { dashboardOnly: true, permission: 'member' },
        schema: {
          tags,
          summary: 'List the team: every member with role, two-factor and last activity, the owner first',
          description:
            'Any member may read the team of the business named by the `user_id` header (their own account without it). `requireTwoFactor` says whether the business asks every member to turn on two-factor.',
          response: { 200: TeamMemberListSchema, 401: error, 404: error, 409: error },
        },
      },
      async (request) => listTeam(deps, actorOf(request)),
    );

    api.patch(
      '/members/:id',
      {
        config: { dashboardOnly: true, permission: 'team.manage' },
        schema: {
          tags,
          summary: "Change a member's role; their next request has the new one",
          description:
            "The id is the member's person id. Not the owner (409 `OWNER_ROLE_FIXED`: \"The owner's role cannot be changed: transfer ownership to an admin instead.\"), and never to owner (400: ownership moves by transfer). Another business's member, or nobody: 404.",
          params: TeamMemberParamsSchema,
          body: UpdateMemberRequestSchema,
          response: { 200: TeamMemberSchema, 400: error, 401: error, 404: error, 409: error },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return changeMemberRole(
          deps,
          actor,
          request.params.id,
          request.body.role,
          businessAuditOf(request, actor),
        );
      },
    );

    api.delete(
      '/members/:id',
      {
        config: { dashboardOnly: true, permission: 'team.manage' },
        schema: {
          tags,
          summary: 'Remove a member; every session of theirs ends at its next request',
          description:
            'The owner cannot be removed (409 `OWNER_CANNOT_BE_REMOVED`: "The owner cannot be removed from the team. Transfer ownership to an admin first."), nor the person whose account the business is (409 `ACCOUNT_HOLDER_CANNOT_BE_REMOVED`). The removed person\'s next request answers 401. Another business\'s member, or nobody: 404.',
          params: TeamMemberParamsSchema,
          response: { 204: z.null(), 400: error, 401: error, 404: error, 409: error },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        await removeMember(deps, actor, request.params.id, businessAuditOf(request, actor));
        return reply.code(204).send(null);
      },
    );

    api.post(
      '/invitations',
      {
        config: { dashboardOnly: true, permission: 'team.manage' },
        schema: {
          tags,
          summary: 'Invite someone by email with a role: a single-use link valid 7 days, sent by email',
          description:
            'The link is `{PUBLIC_URL}/invitations/accept?token=…`. 409 `ALREADY_A_MEMBER` ("{email} is already a member of this team.") or `INVITATION_PENDING` ("An invitation to {email} is already waiting to be accepted: resend it instead.").',
          body: CreateInvitationRequestSchema,
          response: { 201: TeamInvitationSchema, 400: error, 401: error, 404: error, 409: error },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const invitation = await createInvitation(deps, actor, request.body, businessAuditOf(request, actor));
        return reply.code(201).send(invitation);
      },
    );

    api.get(
      '/invitations',
      {
        config: { dashboardOnly: true, permission: 'team.manage' },
        schema: {
          tags,
          summary: "List the business's invitations, pending first, with their status",
          response: { 200: TeamInvitationListSchema, 401: error, 404: error, 409: error },
        },
      },
      async (request) => listTeamInvitations(deps, actorOf(request)),
    );

    api.post(
      '/invitations/:id/resend',
      {
        config: { dashboardOnly: true, permission: 'team.manage' },
        schema: {
          tags,
          summary: 'Send the invitation again with a new link valid 7 days; the old link stops working',
          description:
            'A pending or expired invitation. Accepted or revoked: 409 `INVITATION_NOT_PENDING` ("This invitation was already accepted or revoked."). Another business\'s invitation, or none: 404.',
          params: TeamInvitationParamsSchema,
          response: { 200: TeamInvitationSchema, 400: error, 401: error, 404: error, 409: error },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return resendInvitation(deps, actor, request.params.id, businessAuditOf(request, actor));
      },
    );

    api.delete(
      '/invitations/:id',
      {
        config: { dashboardOnly: true, permission: 'team.manage' },
        schema: {
          tags,
          summary: 'Revoke an invitation: its link stops working',
          description:
            "Answers the invitation, now `REVOKED`. Accepted or revoked already: 409 `INVITATION_NOT_PENDING`. Another business's invitation, or none: 404.",
          params: TeamInvitationParamsSchema,
          response: { 200: TeamInvitationSchema, 400: error, 401: error, 404: error, 409: error },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return revokeTeamInvitation(deps, actor, request.params.id, businessAuditOf(request, actor));
      },
    );

    api.post(
      '/invitations/accept',
      {
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags,
          summary: 'Accept an invitation, signed in as the invitee: join the business with its role',
          description: `The signed-in account's email must be the invited one (409 \`INVITATION_EMAIL_MISMATCH\`: "This invitation is for {email}. Sign in with that email's account to accept it."). The link works once; joining through it verifies the invitee's email address (the link reached only that mailbox). ${LINK_INVALID} Already a member: 409 \`ALREADY_A_MEMBER\`.`,
          body: AcceptInvitationRequestSchema,
          response: { 200: MembershipSchema, 400: error, 401: error, 404: error, 409: error },
        },
      },
      async (request) => acceptInvitation(deps, actorOf(request), request.body.token, request),
    );

    api.get(
      '/memberships',
      {
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags,
          summary: 'The businesses the signed-in person may act for, their own account first',
          description:
            'For the profile switcher: name the business in the `user_id` header to act for it. `twoFactorSetupRequired`: the business asks for two-factor and this person has not turned it on, so its routes answer 409 `TWO_FACTOR_REQUIRED` until they do.',
          response: { 200: MembershipListSchema, 401: error, 404: error },
        },
      },
      async (request) => listMemberships(deps, actorOf(request)),
    );

    api.post(
      '/transfer-ownership',
      {
        onSend: noStore,
        // Password guesses count with sign-in attempts on the owner's account.
        preHandler: async (request, reply) => {
          const { personId } = actorOf(request);
          const account = personId ? await findCredentialsByUserId(deps.database.db, personId) : null;
          await countPasswordCheck(limits, request, reply, account?.email ?? `user:${personId}`, true);
        },
        config: { dashboardOnly: true, permission: 'business.own' },
        schema: {
          tags,
          summary: 'Make an admin the owner, confirmed by the password (and code when two-factor is on)',
          description:
            'The owner becomes an admin. 400 `CURRENT_PASSWORD_INCORRECT`, `TWO_FACTOR_CODE_REQUIRED` or `TWO_FACTOR_CODE_INCORRECT`; 409 `TRANSFER_TARGET_NOT_ADMIN` ("Ownership can only be transferred to an admin of the team. Make them an admin first."); nothing changes on any of them. Not a member: 404.',
          body: TransferOwnershipRequestSchema,
          response: {
            200: MessageResponseSchema,
            400: error,
            401: error,
            404: error,
            409: error,
            429: error,
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return transferOwnership(deps, actor, request.body, businessAuditOf(request, actor));
      },
    );

    api.put(
      '/settings',
      {
        config: { dashboardOnly: true, permission: 'business.own' },
        schema: {
          tags,
          summary: 'Require two-factor of every member (the owner only)',
          description:
            "Members without two-factor then get 409 `TWO_FACTOR_REQUIRED` on the business's routes until they turn it on (their own account's routes still work). Turning it on needs the owner's own two-factor: 409 `OWNER_TWO_FACTOR_OFF` (\"Turn on two-factor authentication for your own account before requiring it of everyone in the team.\").",
          body: TeamSettingsRequestSchema,
          response: { 200: TeamSettingsRequestSchema, 400: error, 401: error, 404: error, 409: error },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return updateTeamSettings(deps, actor, request.body, businessAuditOf(request, actor));
      },
    );
  });
}

/** The invitation link's page, before the invitee signs in or up: public, limited per address like sign-in. */
export function teamPublicRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.get(
      '/invitations/preview',
      {
        onRequest: deps.rateLimits.perIp('auth'),
        onSend: noStore,
        schema: {
          tags,
          summary: 'What an invitation link shows: the business, the email, the role, who invited',
          description: `\`accountExists\`: an account with this email exists (sign in rather than sign up). ${LINK_INVALID}`,
          querystring: InvitationPreviewQuerySchema,
          response: { 200: InvitationPreviewSchema, 400: error, 404: error, 429: error },
        },
      },
      async (request) => previewInvitation(deps, request.query.token),
    );
  });
}
