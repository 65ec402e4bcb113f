import {
  AcceptInvitationRequestSchema,
  CreateInvitationRequestSchema,
  CURRENT_PASSWORD_INCORRECT,
  INVITATION_LINK_INVALID,
  InvitationPreviewSchema,
  MembershipListSchema,
  MembershipSchema,
  TEAM_MESSAGES,
  TeamInvitationListSchema,
  TeamInvitationSchema,
  TeamMemberListSchema,
  TeamMemberSchema,
  TeamSettingsRequestSchema,
  TransferOwnershipRequestSchema,
  UpdateMemberRequestSchema,
} from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { db, TWO_FACTOR_APP_CODE } from '../db';
import { apiError, contractJson, jsonBody, parseOr400, queryOf, requireSession } from '../utils';

const NOW = '2026-11-26T12:00:00.000Z';
const IN_SEVEN_DAYS = '2026-12-03T12:00:00.000Z';

function noteChange(request: Request): void {
  db.team.changesActedFor.push(request.headers.get('user_id') ?? '');
}

const invitationOf = (id: unknown) => {
  const invitation = db.team.invitations.find((candidate) => candidate.id === id);
  if (!invitation) throw apiError(404, TEAM_MESSAGES.invitationNotFound, 'NOT_FOUND');
  return invitation;
};

const memberOf = (id: unknown) => {
  const member = db.team.members.find((candidate) => candidate.id === id);
  if (!member) throw apiError(404, TEAM_MESSAGES.memberNotFound, 'NOT_FOUND');
  return member;
};

/** Issue 23's team API over db.team (the business acted for is the one team the mock holds). */
export const teamHandlers = [
  http.get('/api/team/members', ({ request }) => {
    requireSession(request);
    return contractJson(TeamMemberListSchema, {
      items: db.team.members,
      requireTwoFactor: db.team.requireTwoFactor,
    });
  }),

  http.get('/api/team/memberships', ({ request }) => {
    requireSession(request);
    return contractJson(MembershipListSchema, { items: db.team.memberships });
  }),

  http.get('/api/team/invitations/preview', ({ request }) => {
    const link = db.team.links.get(queryOf(request).token ?? '');
    if (!link || link.used) return apiError(404, INVITATION_LINK_INVALID, 'INVITATION_LINK_INVALID');
    return contractJson(InvitationPreviewSchema, {
      businessName: link.businessName,
      email: link.email,
      role: link.role,
      invitedByName: link.invitedByName,
      accountExists: link.accountExists,
    });
  }),

  http.post('/api/team/invitations/accept', async ({ request }) => {
    requireSession(request);
    noteChange(request);
    const { token } = parseOr400(AcceptInvitationRequestSchema, await jsonBody(request));
    const link = db.team.links.get(token);
    if (!link || link.used) return apiError(404, INVITATION_LINK_INVALID, 'INVITATION_LINK_INVALID');
    if (link.email !== db.user.email) {
      return apiError(409, TEAM_MESSAGES.invitationForOtherEmail(link.email), 'INVITATION_EMAIL_MISMATCH');
    }
    link.used = true;
    const membership = {
      businessId: link.businessId,
      businessName: link.businessName,
      role: link.role,
      twoFactorSetupRequired: false,
    };
    db.team.memberships.push(membership);
    return contractJson(MembershipSchema, membership);
  }),

  http.get('/api/team/invitations', ({ request }) => {
    requireSession(request);
    return contractJson(TeamInvitationListSchema, { items: db.team.invitations });
  }),

  http.post('/api/team/invitations', async ({ request }) => {
    requireSession(request);
    noteChange(request);
    const { email, role } = parseOr400(CreateInvitationRequestSchema, await jsonBody(request));
    if (db.team.members.some((member) => member.email === email)) {
      return apiError(409, TEAM_MESSAGES.alreadyMember(email), 'ALREADY_A_MEMBER');
    }
    const invitation = {
      id: crypto.randomUUID(),
      email,
      role,
      status: 'PENDING' as const,
      invitedBy: { id: db.user.recordId, name: `${db.user.firstName} ${db.user.lastName}` },
      createdAt: NOW,
      expiresAt: IN_SEVEN_DAYS,
    };
    db.team.invitations.unshift(invitation);
    return contractJson(TeamInvitationSchema, invitation, 201);
  }),

  http.post('/api/team/invitations/:id/resend', ({ request, params }) => {
    requireSession(request);
    noteChange(request);
    const invitation = invitationOf(params.id);
    Object.assign(invitation, { status: 'PENDING', expiresAt: IN_SEVEN_DAYS });
    return contractJson(TeamInvitationSchema, invitation);
  }),

  http.delete('/api/team/invitations/:id', ({ request, params }) => {
    requireSession(request);
    noteChange(request);
    const invitation = invitationOf(params.id);
    db.team.invitations = db.team.invitations.filter((candidate) => candidate !== invitation);
    return contractJson(TeamInvitationSchema, { ...invitation, status: 'REVOKED' });
  }),

  http.patch('/api/team/members/:id', async ({ request, params }) => {
    requireSession(request);
    noteChange(request);
    const member = memberOf(params.id);
    const { role } = parseOr400(UpdateMemberRequestSchema, await jsonBody(request));
    if (member.role === 'owner') return apiError(409, TEAM_MESSAGES.ownerRoleFixed, 'OWNER_ROLE_FIXED');
    member.role = role;
    return contractJson(TeamMemberSchema, member);
  }),

  http.delete('/api/team/members/:id', ({ request, params }) => {
    requireSession(request);
    noteChange(request);
    const member = memberOf(params.id);
    if (member.role === 'owner') {
      return apiError(409, TEAM_MESSAGES.ownerCannotBeRemoved, 'OWNER_CANNOT_BE_REMOVED');
    }
    db.team.members = db.team.members.filter((candidate) => candidate !== member);
    return new HttpResponse(null, { status: 204 });
  }),

  http.post('/api/team/transfer-ownership', async ({ request }) => {
    requireSession(request);
    noteChange(request);
    const body = parseOr400(TransferOwnershipRequestSchema, await jsonBody(request));
    if (body.password !== db.password) {
      return apiError(400, CURRENT_PASSWORD_INCORRECT, 'CURRENT_PASSWORD_INCORRECT');
    }
    if (db.twoFactor.enabledAt && body.code !== TWO_FACTOR_APP_CODE) {
      return apiError(400, TEAM_MESSAGES.twoFactorCodeRequired, 'TWO_FACTOR_CODE_REQUIRED');
    }
    const target = memberOf(body.memberId);
    if (target.role !== 'admin')
      return apiError(409, TEAM_MESSAGES.transferTargetNotAdmin, 'TRANSFER_TARGET_NOT_ADMIN');
    for (const member of db.team.members) if (member.role === 'owner') member.role = 'admin';
    target.role = 'owner';
    return HttpResponse.json({ message: TEAM_MESSAGES.ownershipTransferred });
  }),

  http.put('/api/team/settings', async ({ request }) => {
    requireSession(request);
    noteChange(request);
    const { requireTwoFactor } = parseOr400(TeamSettingsRequestSchema, await jsonBody(request));
    if (requireTwoFactor && !db.twoFactor.enabledAt) {
      return apiError(409, TEAM_MESSAGES.ownerTwoFactorOff, 'OWNER_TWO_FACTOR_OFF');
    }
    db.team.requireTwoFactor = requireTwoFactor;
    return HttpResponse.json({ requireTwoFactor });
  }),
];
