import {
  CURRENT_PASSWORD_INCORRECT,
  type MembershipList,
  roleRequiredMessage,
  rolesWith,
  TEAM_MESSAGES,
  type TeamMember,
  type TeamMemberList,
  type TeamRole,
  type TeamSettingsRequest,
  type TransferOwnershipRequest,
  TWO_FACTOR_CODE_INCORRECT,
} from '@bizdash/shared';
import type { DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { now as clockNow } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { findCredentialsByUserId } from '../auth/index.ts';
import { isTwoFactorEnabled, listTwoFactorEnabled, verifySecondFactor } from '../security/index.ts';
import { bumpTokenVersion, setRequireTwoFactor, USER_NOT_FOUND } from '../users/index.ts';
import {
  deleteMember,
  findMember,
  findPerson,
  insertMember,
  listMembers,
  listMembershipRows,
  lockMember,
  type MemberRow,
  setMemberRole,
} from './team.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'tokenVersions' | 'memberships' | 'keys' | 'secretBox'>;

const memberNotFound = () => notFound(TEAM_MESSAGES.memberNotFound);

async function businessOf(db: DbOrTx, businessId: string) {
  const business = await findPerson(db, businessId);
  if (!business) throw notFound(USER_NOT_FOUND);
  return business;
}

/**
 * The business's own account counts as its owner while it has no row of its own (findMembership): it is listed
 * and decided on as such.
 */
async function ownAccountAsOwner(db: DbOrTx, businessId: string): Promise<MemberRow> {
  const business = await businessOf(db, businessId);
  return {
    personId: business.id,
    role: 'owner',
    joinedAt: business.createdAt,
    lastActiveAt: null,
    firstName: business.firstName,
    lastName: business.lastName,
    email: business.email,
  };
}

const toTeamMember = (row: MemberRow, twoFactorEnabled: boolean): TeamMember => ({
  id: row.personId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  role: row.role,
  twoFactorEnabled,
  joinedAt: row.joinedAt.toISOString(),
  lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
});

/** GET /api/team/members: everyone who may act for the business, the owner first. */
export async function listTeam(deps: Deps, actor: Actor): Promise<TeamMemberList> {
  const { db } = deps.database;
  const businessId = actor.ownerId;
  const rows = await listMembers(db, businessId);
  if (!rows.some((row) => row.personId === businessId)) rows.unshift(await ownAccountAsOwner(db, businessId));
  const withTwoFactor = await listTwoFactorEnabled(
    db,
    rows.map((row) => row.personId),
  );
  const business = await businessOf(db, businessId);
  return {
    items: rows.map((row) => toTeamMember(row, withTwoFactor.has(row.personId))),
    requireTwoFactor: business.requireTwoFactor,
  };
}

/**
 * PATCH /api/team/members/{id}: a new role for anyone but the owner, read by that member's very next request
 * (this process forgets the business's memberships at once, the others when migration 0042's notice arrives).
 */
export async function changeMemberRole(
  deps: Deps,
  actor: Actor,
  personId: string,
  role: TeamRole,
  audit: BusinessAuditContext,
): Promise<TeamMember> {
  const businessId = actor.ownerId;
  const changed = await withTransaction(deps, async (tx) => {
    const member = await lockMember(tx, businessId, personId);
    if (!member && personId === businessId) throw conflict(TEAM_MESSAGES.ownerRoleFixed, 'OWNER_ROLE_FIXED');
    if (!member) throw memberNotFound();
    if (member.role === 'owner') throw conflict(TEAM_MESSAGES.ownerRoleFixed, 'OWNER_ROLE_FIXED');
    if (member.role === role) return member;
    await setMemberRole(tx, businessId, personId, role);
    await recordAuditEvent(tx, {
      ...audit,
      action: 'team.member_role_changed',
      target: { type: 'team_member', id: personId },
      details: { email: member.email, before: { role: member.role }, after: { role } },
    });
    return { ...member, role };
  });
  deps.memberships.forget(businessId);
  return toTeamMember(changed, await isTwoFactorEnabled(deps.database.db, personId));
}

/**
 * DELETE /api/team/members/{id}: the person is no longer a member, and every session of theirs ends at its next
 * request (their token version moves on in the same transaction; every process hears it at commit).
 */
export async function removeMember(deps: Deps, actor: Actor, personId: string, audit: BusinessAuditContext) {
  const businessId = actor.ownerId;
  await withTransaction(deps, async (tx) => {
    const member = await lockMember(tx, businessId, personId);
    if (!member && personId === businessId)
      throw conflict(TEAM_MESSAGES.ownerCannotBeRemoved, 'OWNER_CANNOT_BE_REMOVED');
    if (!member) throw memberNotFound();
    if (member.role === 'owner')
      throw conflict(TEAM_MESSAGES.ownerCannotBeRemoved, 'OWNER_CANNOT_BE_REMOVED');
    // Their own account is the business: without a row they would count as its owner again (findMembership).
    if (personId === businessId)
      throw conflict(TEAM_MESSAGES.accountHolderCannotBeRemoved, 'ACCOUNT_HOLDER_CANNOT_BE_REMOVED');
    await deleteMember(tx, businessId, personId);
    await bumpTokenVersion(tx, personId);
    await recordAuditEvent(tx, {
      ...audit,
      action: 'team.member_removed',
      target: { type: 'team_member', id: personId },
      details: { email: member.email, role: member.role },
    });
  });
  deps.tokenVersions.forget(personId);
  deps.memberships.forget(businessId);
}

/** The owner's password, then their second factor when two-factor is on: a session left open is not enough. */
async function confirmOwner(deps: Deps, personId: string, { password, code }: TransferOwnershipRequest) {
  const account = await findCredentialsByUserId(deps.database.db, personId);
  if (!account) throw notFound(USER_NOT_FOUND);
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw badRequest(CURRENT_PASSWORD_INCORRECT, 'CURRENT_PASSWORD_INCORRECT');
  }
  if (!(await isTwoFactorEnabled(deps.database.db, personId))) return;
  if (!code) throw badRequest(TEAM_MESSAGES.twoFactorCodeRequired, 'TWO_FACTOR_CODE_REQUIRED');
  if (!(await verifySecondFactor(deps, personId, code))) {
    throw badRequest(TWO_FACTOR_CODE_INCORRECT, 'TWO_FACTOR_CODE_INCORRECT');
  }
}

const notAnAdmin = () => conflict(TEAM_MESSAGES.transferTargetNotAdmin, 'TRANSFER_TARGET_NOT_ADMIN');

/**
 * POST /api/team/transfer-ownership: an admin becomes the owner and the owner an admin, in one transaction; the
 * owner is demoted before the admin is promoted, so the one-owner index never sees two.
 */
export async function transferOwnership(
  deps: Deps,
  actor: Actor,
  input: TransferOwnershipRequest,
  audit: BusinessAuditContext,
) {
  const businessId = actor.ownerId;
  const ownerId = actor.personId;
  if (!ownerId) throw notFound(USER_NOT_FOUND);
  const target = await findMember(deps.database.db, businessId, input.memberId);
  if (!target) throw memberNotFound();
  if (target.role !== 'admin') throw notAnAdmin();
  await confirmOwner(deps, ownerId, input);
  await withTransaction(deps, async (tx) => {
    const owner = await lockMember(tx, businessId, ownerId);
    const admin = await lockMember(tx, businessId, input.memberId);
    if (!admin) throw memberNotFound();
    if (admin.role !== 'admin') throw notAnAdmin();
    // Another transfer got there first.
    if (owner && owner.role !== 'owner')
      throw new AppError(409, 'ROLE_REQUIRED', roleRequiredMessage('business.own'), undefined, {
        permission: 'business.own',
        roles: [...rolesWith('business.own')],
      });
    if (owner) await setMemberRole(tx, businessId, ownerId, 'admin');
    else await insertMember(tx, { businessId, personId: ownerId, role: 'admin', joinedAt: clockNow() });
    await setMemberRole(tx, businessId, admin.personId, 'owner');
    await recordAuditEvent(tx, {
      ...audit,
      action: 'team.ownership_transferred',
      target: { type: 'team_member', id: admin.personId },
      details: {
        email: admin.email,
        before: { owner: ownerId, role: 'admin' },
        after: { owner: admin.personId, formerOwnerRole: 'admin' },
      },
    });
  });
  deps.memberships.forget(businessId);
  return { message: TEAM_MESSAGES.ownershipTransferred };
}

/** PUT /api/team/settings: the owner may require two-factor of everyone once their own is on. */
export async function updateTeamSettings(
  deps: Deps,
  actor: Actor,
  { requireTwoFactor }: TeamSettingsRequest,
  audit: BusinessAuditContext,
) {
  const { db } = deps.database;
  const businessId = actor.ownerId;
  if (requireTwoFactor && !(await isTwoFactorEnabled(db, actor.personId ?? ''))) {
    throw conflict(TEAM_MESSAGES.ownerTwoFactorOff, 'OWNER_TWO_FACTOR_OFF');
  }
  const before = (await businessOf(db, businessId)).requireTwoFactor;
  if (before !== requireTwoFactor) {
    await withTransaction(deps, async (tx) => {
      await setRequireTwoFactor(tx, businessId, requireTwoFactor);
      await recordAuditEvent(tx, {
        ...audit,
        action: 'team.two_factor_required_changed',
        target: { type: 'business', id: businessId },
        details: { before: { requireTwoFactor: before }, after: { requireTwoFactor } },
      });
    });
    deps.memberships.forget(businessId);
  }
  return { requireTwoFactor };
}

/**
 * GET /api/team/memberships: the businesses the person may act for, their own account first, and whether a
 * business asks them to turn two-factor on before anything else.
 */
export async function listMemberships(deps: Deps, actor: Actor): Promise<MembershipList> {
  const { db } = deps.database;
  const personId = actor.personId;
  if (!personId) throw notFound(USER_NOT_FOUND);
  const rows = await listMembershipRows(db, personId);
  const own = rows.find((row) => row.businessId === personId);
  const others = rows.filter((row) => row.businessId !== personId);
  const ownAccount = await businessOf(db, personId);
  const twoFactorOn = await isTwoFactorEnabled(db, personId);
  return {
    items: [
      {
        businessId: personId,
        businessName: ownAccount.businessName,
        role: own?.role ?? 'owner',
        requireTwoFactor: ownAccount.requireTwoFactor,
      },
      ...others,
    ].map((row) => ({
      businessId: row.businessId,
      businessName: row.businessName,
      role: row.role,
      twoFactorSetupRequired: row.requireTwoFactor && !twoFactorOn,
    })),
  };
}
