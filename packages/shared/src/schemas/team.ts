import { z } from 'zod';
import { TEAM_ROLES } from '../team/roles.ts';
import { emailField } from './fields.ts';
import { secondFactorCodeField } from './two-factor.ts';

/** Issue 23 §1: the people of a business, their invitations, and the businesses a person belongs to. */
const roleField = z.enum(TEAM_ROLES, { error: `role must be one of ${TEAM_ROLES.join(', ')}` });
/** The roles an invitation or a role change may give: ownership only moves by transfer. */
export const ASSIGNABLE_ROLES = TEAM_ROLES.filter((role) => role !== 'owner');
const assignableRoleField = z.enum(ASSIGNABLE_ROLES, {
  error: `role must be one of ${ASSIGNABLE_ROLES.join(', ')}`,
});

export const TeamMemberSchema = z.object({
  /** The person's id (their own account); the id PATCH and DELETE /api/team/members/{id} take. */
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleField,
  twoFactorEnabled: z.boolean(),
  joinedAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamMemberListSchema = z.object({
  items: z.array(TeamMemberSchema),
  /** The business asks every member to turn two-factor on before anything else. */
  requireTwoFactor: z.boolean(),
});
export type TeamMemberList = z.infer<typeof TeamMemberListSchema>;

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const TeamInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleField,
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

export const TeamInvitationListSchema = z.object({ items: z.array(TeamInvitationSchema) });
export type TeamInvitationList = z.infer<typeof TeamInvitationListSchema>;

export const CreateInvitationRequestSchema = z.object({
  email: emailField.refine((email) => email.length <= 254, 'Email is too long'),
  role: assignableRoleField,
});
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequestSchema>;

export const INVITATION_LINK_INVALID = 'This invitation link is invalid, used, revoked or expired.';
export const AcceptInvitationRequestSchema = z.object({
  token: z
    .string({ error: INVITATION_LINK_INVALID })
    .min(1, INVITATION_LINK_INVALID)
    .max(512, INVITATION_LINK_INVALID),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;

/** What an invitation link shows before the invitee signs in or up (GET /api/team/invitations/preview?token=). */
export const InvitationPreviewSchema = z.object({
  businessName: z.string(),
  email: z.string(),
  role: roleField,
  invitedByName: z.string().nullable(),
  /** An account with this email exists: sign in rather than sign up. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const UpdateMemberRequestSchema = z.object({ role: assignableRoleField });
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequestSchema>;

export const TransferOwnershipRequestSchema = z.object({
  /** The admin who becomes the owner; the owner becomes an admin. */
  memberId: z.uuid({ error: 'memberId must be the id of an admin of the team' }),
  password: z
    .string({ error: 'Current Password is required' })
    .min(1, 'Current Password is required')
    .max(1024, 'Current Password is too long'),
  /** Required when the owner has two-factor on. */
  code: secondFactorCodeField.optional(),
});
export type TransferOwnershipRequest = z.infer<typeof TransferOwnershipRequestSchema>;

export const TeamSettingsRequestSchema = z.object({
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }),
});
export type TeamSettingsRequest = z.infer<typeof TeamSettingsRequestSchema>;

/** A business the signed-in person may act for, with their role in it (their own account is one, as owner). */
export const MembershipSchema = z.object({
  businessId: z.uuid(),
  businessName: z.string(),
  role: roleField,
  /** The business asks for two-factor and this person has not turned it on: nothing else until they do. */
  twoFactorSetupRequired: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;

export const MembershipListSchema = z.object({ items: z.array(MembershipSchema) });
export type MembershipList = z.infer<typeof MembershipListSchema>;

/** The sentences and codes of the team API that the dashboard shows or acts on. */
export const TEAM_ERRORS = {
  ROLE_REQUIRED: 'ROLE_REQUIRED',
  TWO_FACTOR_REQUIRED: 'TWO_FACTOR_REQUIRED',
} as const;
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This business asks every member to turn on two-factor authentication first.';

/** Params of the routes about one member (their person id) or one invitation. */
export const TeamMemberParamsSchema = z.object({
  id: z.uuid({ error: 'id must be the id of a member of the team' }),
});
export const TeamInvitationParamsSchema = z.object({
  id: z.uuid({ error: 'id must be the id of an invitation' }),
});
export const InvitationPreviewQuerySchema = z.object({
  token: z
    .string({ error: INVITATION_LINK_INVALID })
    .min(1, INVITATION_LINK_INVALID)
    .max(512, INVITATION_LINK_INVALID),
});

/** The sentences the team API answers with (code beside each in the routes' OpenAPI descriptions). */
export const TEAM_MESSAGES = {
  /** 409 ALREADY_A_MEMBER */
  alreadyMember: (email: string) => `${email} is already a member of this team.`,
  /** 409 INVITATION_PENDING */
  invitationPending: (email: string) =>
    `An invitation to ${email} is already waiting to be accepted: resend it instead.`,
  /** 409 INVITATION_EMAIL_MISMATCH */
  invitationForOtherEmail: (email: string) =>
    `This invitation is for ${email}. Sign in with that email's account to accept it.`,
  /** 409 INVITATION_NOT_PENDING */
  invitationNotPending: 'This invitation was already accepted or revoked.',
  /** 404 NOT_FOUND */
  invitationNotFound: 'Invitation not found',
  /** 404 NOT_FOUND */
  memberNotFound: 'Team member not found',
  /** 409 OWNER_ROLE_FIXED */
  ownerRoleFixed: "The owner's role cannot be changed: transfer ownership to an admin instead.",
  /** 409 OWNER_CANNOT_BE_REMOVED */
  ownerCannotBeRemoved: 'The owner cannot be removed from the team. Transfer ownership to an admin first.',
  /** 409 ACCOUNT_HOLDER_CANNOT_BE_REMOVED: the person whose account the business is keeps it. */
  accountHolderCannotBeRemoved:
    'This person opened the business account and cannot be removed from it; change their role instead.',
  /** 409 TRANSFER_TARGET_NOT_ADMIN */
  transferTargetNotAdmin:
    'Ownership can only be transferred to an admin of the team. Make them an admin first.',
  /** 400 TWO_FACTOR_CODE_REQUIRED */
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  /** 409 OWNER_TWO_FACTOR_OFF */
  ownerTwoFactorOff:
    'Turn on two-factor authentication for your own account before requiring it of everyone in the team.',
  ownershipTransferred: 'Ownership transferred: you are now an admin of this business.',
} as const;
