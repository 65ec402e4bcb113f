import type { TeamRole } from '@bizdash/shared';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { teamInvitations, teamMembers } from '../../db/schema/team.ts';
import { joinableUsers, personColumns } from '../users/index.ts';

/** Members and invitations of a business (its owner's user id), for the Team tab and the invitation links. */

const person = joinableUsers;
const inviter = alias(joinableUsers, 'inviter');
const business = alias(joinableUsers, 'invited_to');

const memberColumns = {
  personId: teamMembers.personId,
  role: teamMembers.role,
  joinedAt: teamMembers.joinedAt,
  lastActiveAt: teamMembers.lastActiveAt,
  firstName: personColumns.firstName,
  lastName: personColumns.lastName,
  email: personColumns.email,
};

/** The team's rows, the owner first, then by when each joined. */
export function listMembers(db: DbOrTx, businessId: string) {
  return db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(person, eq(person.id, teamMembers.personId))
    .where(eq(teamMembers.businessId, businessId))
    .orderBy(sql`${teamMembers.role} = 'owner' desc`, asc(teamMembers.joinedAt), asc(teamMembers.id));
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

const memberOf = (db: DbOrTx, businessId: string, personId: string) =>
  db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(person, eq(person.id, teamMembers.personId))
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.personId, personId)));

/** One person's row in the business, or null. */
export async function findMember(db: DbOrTx, businessId: string, personId: string) {
  const [row] = await memberOf(db, businessId, personId).limit(1);
  return row ?? null;
}

/** The same, locked until the transaction ends (a role change, removal or transfer decides on it). */
export async function lockMember(tx: Tx, businessId: string, personId: string) {
  const [row] = await memberOf(tx, businessId, personId).for('update', { of: teamMembers });
  return row ?? null;
}

export async function setMemberRole(tx: Tx, businessId: string, personId: string, role: TeamRole) {
  await tx
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.personId, personId)));
}

export async function deleteMember(tx: Tx, businessId: string, personId: string) {
  await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.personId, personId)));
}

/** A new member's row; false when the person already has one (a concurrent accept, a member invited again). */
export async function insertMember(
  tx: Tx,
  member: { businessId: string; personId: string; role: TeamRole; joinedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(teamMembers)
    .values(member)
    .onConflictDoNothing({ target: [teamMembers.businessId, teamMembers.personId] })
    .returning({ id: teamMembers.id });
  return rows.length === 1;
}

/**
 * The businesses a person has a row in (their own account's included when it has one), with what the profile
 * switcher shows of each; apps are never businesses.
 */
export function listMembershipRows(db: DbOrTx, personId: string) {
  return db
    .select({
      businessId: teamMembers.businessId,
      role: teamMembers.role,
      businessName: personColumns.businessName,
      requireTwoFactor: personColumns.requireTwoFactor,
    })
    .from(teamMembers)
    .innerJoin(person, eq(person.id, teamMembers.businessId))
    .where(eq(teamMembers.personId, personId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
}

/** What the team shows of a person or a business (its own user row). */
export async function findPerson(db: DbOrTx, userId: string) {
  const [row] = await db.select(personColumns).from(person).where(eq(person.id, userId)).limit(1);
  return row ?? null;
}

// Invitations

const invitationColumns = {
  id: teamInvitations.id,
  businessId: teamInvitations.businessId,
  email: teamInvitations.email,
  role: teamInvitations.role,
  createdAt: teamInvitations.createdAt,
  expiresAt: teamInvitations.expiresAt,
  acceptedAt: teamInvitations.acceptedAt,
  revokedAt: teamInvitations.revokedAt,
  invitedById: inviter.id,
  inviterFirstName: inviter.firstName,
  inviterLastName: inviter.lastName,
};
export type InvitationRow = Awaited<ReturnType<typeof listInvitations>>[number];

const invitationsWithInviter = (db: DbOrTx) =>
  db
    .select(invitationColumns)
    .from(teamInvitations)
    .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy));

/** Still waiting: neither accepted nor revoked, and not past its 7 days. */
const isPending = (now: Date) =>
  and(
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, now),
  );

/** The business's invitations, pending first, newest first within each group. */
export function listInvitations(db: DbOrTx, businessId: string, now: Date) {
  return invitationsWithInviter(db)
    .where(eq(teamInvitations.businessId, businessId))
    .orderBy(
      desc(sql`coalesce(${isPending(now)}, false)`),
      desc(teamInvitations.createdAt),
      asc(teamInvitations.id),
    );
}

export async function findOwnedInvitation(db: DbOrTx, businessId: string, invitationId: string) {
  const [row] = await invitationsWithInviter(db)
    .where(and(eq(teamInvitations.businessId, businessId), eq(teamInvitations.id, invitationId)))
    .limit(1);
  return row ?? null;
}

/** The business's invitation, locked until the transaction ends (resend and revoke decide on it). */
export async function lockOwnedInvitation(tx: Tx, businessId: string, invitationId: string) {
  const [row] = await tx
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.businessId, businessId), eq(teamInvitations.id, invitationId)))
    .for('update');
  return row ? findOwnedInvitation(tx, businessId, invitationId) : null;
}

/** A pending invitation of the business to this (lowercase) email, if any. */
export async function findPendingInvitationByEmail(db: DbOrTx, businessId: string, email: string, now: Date) {
  const [row] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.businessId, businessId),
        eq(sql`lower(${teamInvitations.email})`, email.toLowerCase()),
        isPending(now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(
  tx: Tx,
  invitation: {
    businessId: string;
    email: string;
    role: TeamRole;
    tokenHash: string;
    invitedBy: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(teamInvitations).values(invitation).returning({ id: teamInvitations.id });
  if (!row) throw new Error('team invitation insert returned nothing');
  return row.id;
}

/** A new link (the old one stops working) and 7 more days. */
export async function renewInvitation(tx: Tx, invitationId: string, tokenHash: string, expiresAt: Date) {
  await tx.update(teamInvitations).set({ tokenHash, expiresAt }).where(eq(teamInvitations.id, invitationId));
}

export async function revokeInvitation(tx: Tx, invitationId: string, at: Date) {
  await tx.update(teamInvitations).set({ revokedAt: at }).where(eq(teamInvitations.id, invitationId));
}

/** A pending invitation by its link's token hash, with the business's name and who sent it; null otherwise. */
export async function findPendingInvitationByTokenHash(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ ...invitationColumns, businessName: business.businessName })
    .from(teamInvitations)
    .innerJoin(business, eq(business.id, teamInvitations.businessId))
    .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.tokenHash, tokenHash), isPending(now)))
    .limit(1);
  return row ?? null;
}

/**
 * Spends the invitation: true for exactly one caller while it is pending. On PostgreSQL a second concurrent
 * accept waits for the first's row lock and then finds it accepted.
 */
export async function markInvitationAccepted(tx: Tx, invitationId: string, personId: string, at: Date) {
  const rows = await tx
    .update(teamInvitations)
    .set({ acceptedAt: at, acceptedBy: personId })
    .where(and(eq(teamInvitations.id, invitationId), isPending(at)))
    .returning({ id: teamInvitations.id });
  return rows.length === 1;
}
