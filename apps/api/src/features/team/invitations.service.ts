import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateInvitationRequest,
  INVITATION_LINK_INVALID,
  type InvitationPreview,
  type InvitationStatus,
  type Membership,
  TEAM_MESSAGES,
  type TeamInvitation,
  type TeamInvitationList,
} from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import { withTransaction } from '../../db/transaction.ts';
import { now as clockNow } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { auditContextOf, type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { isTwoFactorEnabled } from '../security/index.ts';
import { findUserByEmail, lockUserById, setEmailVerified, USER_NOT_FOUND } from '../users/index.ts';
import { INVITATION_DAYS, sendInvitationEmail } from './invitation-email.ts';
import { findMembership } from './membership.repository.ts';
import {
  findOwnedInvitation,
  findPendingInvitationByEmail,
  findPendingInvitationByTokenHash,
  findPerson,
  type InvitationRow,
  insertInvitation,
  insertMember,
  listInvitations,
  lockOwnedInvitation,
  markInvitationAccepted,
  renewInvitation,
  revokeInvitation,
} from './team.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'email' | 'config'>;

/** The link's token has 256 random bits: a plain SHA-256 of it is as good as a slow hash, and findable. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60_000);

/** 404 for every link that does not open an invitation now: unknown, used, revoked or expired alike. */
const linkInvalid = () => new AppError(404, 'INVITATION_LINK_INVALID', INVITATION_LINK_INVALID);
const invitationNotFound = () => notFound(TEAM_MESSAGES.invitationNotFound);
const notPending = () => conflict(TEAM_MESSAGES.invitationNotPending, 'INVITATION_NOT_PENDING');

const nameOf = (first: string | null, last: string | null) =>
  first === null ? null : [first, last].filter(Boolean).join(' ');

function statusOf(row: InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'ACCEPTED';
  if (row.revokedAt) return 'REVOKED';
  return row.expiresAt > now ? 'PENDING' : 'EXPIRED';
}

const toInvitation = (row: InvitationRow, now = clockNow()): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  status: statusOf(row, now),
  invitedBy: row.invitedById
    ? { id: row.invitedById, name: nameOf(row.inviterFirstName, row.inviterLastName) ?? '' }
    : null,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

async function emailInvitation(deps: Deps, row: InvitationRow, token: string) {
  const business = await findPerson(deps.database.db, row.businessId);
  if (!business) throw notFound(USER_NOT_FOUND);
  await sendInvitationEmail(deps, {
    businessId: row.businessId,
    businessName: business.businessName,
    email: row.email,
    role: row.role,
    inviterName: nameOf(row.inviterFirstName, row.inviterLastName),
    token,
  });
}

async function ownedInvitation(deps: Deps, businessId: string, invitationId: string) {
  const row = await findOwnedInvitation(deps.database.db, businessId, invitationId);
  if (!row) throw invitationNotFound();
  return row;
}

/**
 * POST /api/team/invitations: a single-use link valid 7 days, emailed to the invitee. Someone already a member,
 * or an address with an invitation still waiting (resend that one), is refused.
 */
export async function createInvitation(
  deps: Deps,
  actor: Actor,
  { email, role }: CreateInvitationRequest,
  audit: BusinessAuditContext,
): Promise<TeamInvitation> {
  const { db } = deps.database;
  const businessId = actor.ownerId;
  const existing = await findUserByEmail(db, email);
  if (existing && !existing.isApp && (await findMembership(db, existing.id, businessId))) {
    throw conflict(TEAM_MESSAGES.alreadyMember(email), 'ALREADY_A_MEMBER');
  }
  const token = newToken();
  const invitationId = await withTransaction(deps, async (tx) => {
    // One invitation at a time per business: two at once to the same address cannot both find none waiting.
    await lockUserById(tx, businessId, 'no key update');
    const now = clockNow();
    if (await findPendingInvitationByEmail(tx, businessId, email, now)) {
      throw conflict(TEAM_MESSAGES.invitationPending(email), 'INVITATION_PENDING');
    }
    const id = await insertInvitation(tx, {
      businessId,
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy: actor.personId,
      createdAt: now,
      expiresAt: expiryFrom(now),
    });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'team.invitation_sent',
      target: { type: 'team_invitation', id },
      details: { email, role },
    });
    return id;
  });
  const row = await ownedInvitation(deps, businessId, invitationId);
  await emailInvitation(deps, row, token);
  return toInvitation(row);
}

/** GET /api/team/invitations: pending first, then the rest, newest first. */
export async function listTeamInvitations(deps: Deps, actor: Actor): Promise<TeamInvitationList> {
  const now = clockNow();
  const rows = await listInvitations(deps.database.db, actor.ownerId, now);
  return { items: rows.map((row) => toInvitation(row, now)) };
}

/** Locks the business's invitation and refuses one accepted or revoked already (an expired one may be resent). */
async function lockChangeable(tx: Parameters<typeof lockOwnedInvitation>[0], businessId: string, id: string) {
  const row = await lockOwnedInvitation(tx, businessId, id);
  if (!row) throw invitationNotFound();
  if (row.acceptedAt || row.revokedAt) throw notPending();
  return row;
}

/** POST /api/team/invitations/{id}/resend: a new link and 7 more days; the old link stops working. */
export async function resendInvitation(
  deps: Deps,
  actor: Actor,
  invitationId: string,
  audit: BusinessAuditContext,
): Promise<TeamInvitation> {
  const token = newToken();
  await withTransaction(deps, async (tx) => {
    const row = await lockChangeable(tx, actor.ownerId, invitationId);
    await renewInvitation(tx, invitationId, hashToken(token), expiryFrom(clockNow()));
    await recordAuditEvent(tx, {
      ...audit,
      action: 'team.invitation_resent',
      target: { type: 'team_invitation', id: invitationId },
      details: { email: row.email, role: row.role },
    });
  });
  const row = await ownedInvitation(deps, actor.ownerId, invitationId);
  await emailInvitation(deps, row, token);
  return toInvitation(row);
}

/** DELETE /api/team/invitations/{id}: the link stops working. */
export async function revokeTeamInvitation(
  deps: Deps,
  actor: Actor,
  invitationId: string,
  audit: BusinessAuditContext,
): Promise<TeamInvitation> {
  await withTransaction(deps, async (tx) => {
    const row = await lockChangeable(tx, actor.ownerId, invitationId);
    await revokeInvitation(tx, invitationId, clockNow());
    await recordAuditEvent(tx, {
      ...audit,
      action: 'team.invitation_revoked',
      target: { type: 'team_invitation', id: invitationId },
      details: { email: row.email, role: row.role },
    });
  });
  return toInvitation(await ownedInvitation(deps, actor.ownerId, invitationId));
}

/** GET /api/team/invitations/preview: what the link's page shows before the invitee signs in or up. */
export async function previewInvitation(deps: Deps, token: string): Promise<InvitationPreview> {
  const { db } = deps.database;
  const row = await findPendingInvitationByTokenHash(db, hashToken(token), clockNow());
  if (!row) throw linkInvalid();
  const account = await findUserByEmail(db, row.email);
  return {
    businessName: row.businessName,
    email: row.email,
    role: row.role,
    invitedByName: nameOf(row.inviterFirstName, row.inviterLastName),
    accountExists: Boolean(account && !account.isApp),
  };
}

/**
 * POST /api/team/invitations/accept: the signed-in invitee (their account's email must be the invited one) joins
 * the business; the link is spent in the transaction that writes the member's row, so it works once, also when
 * two accepts race.
 */
export async function acceptInvitation(
  deps: Deps,
  actor: Actor,
  token: string,
  request: FastifyRequest,
): Promise<Membership> {
  const { db } = deps.database;
  const personId = actor.personId;
  const person = personId ? await findPerson(db, personId) : null;
  if (!personId || !person) throw notFound(USER_NOT_FOUND);
  const invitation = await findPendingInvitationByTokenHash(db, hashToken(token), clockNow());
  if (!invitation) throw linkInvalid();
  if (person.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw conflict(TEAM_MESSAGES.invitationForOtherEmail(invitation.email), 'INVITATION_EMAIL_MISMATCH');
  }
  await withTransaction(deps, async (tx) => {
    const now = clockNow();
    if (!(await markInvitationAccepted(tx, invitation.id, personId, now))) throw linkInvalid();
    const joined = await insertMember(tx, {
      businessId: invitation.businessId,
      personId,
      role: invitation.role,
      joinedAt: now,
    });
    if (!joined) throw conflict(TEAM_MESSAGES.alreadyMember(invitation.email), 'ALREADY_A_MEMBER');
    // The link reached only that mailbox, and the address is the person's: opening it proves they own it.
    await setEmailVerified(tx, personId);
    await recordAuditEvent(tx, {
      ...auditContextOf(request, actor),
      actingUserId: invitation.businessId,
      businessId: invitation.businessId,
      action: 'team.invitation_accepted',
      target: { type: 'team_invitation', id: invitation.id },
      details: { email: invitation.email, role: invitation.role },
    });
  });
  const business = await findPerson(db, invitation.businessId);
  return {
    businessId: invitation.businessId,
    businessName: invitation.businessName,
    role: invitation.role,
    twoFactorSetupRequired: Boolean(business?.requireTwoFactor) && !(await isTwoFactorEnabled(db, personId)),
  };
}
