import type { InvitationPreview, Membership, TeamInvitation, TeamMember } from '@bizdash/shared';
import { buildUser } from '../factories';

/** The team of the business the mocked API acts for, and the businesses the signed-in person belongs to. */
export interface MockTeam {
  members: TeamMember[];
  invitations: TeamInvitation[];
  requireTwoFactor: boolean;
  /** GET /api/team/memberships: the person's own account first. */
  memberships: Membership[];
  /** The invitation links the mocked API knows, by token; accepting one adds its membership. */
  links: Map<string, InvitationPreview & { businessId: string; used: boolean }>;
  /** The user_id header of each POST, PATCH, PUT or DELETE under /api/team (who the change acted for). */
  changesActedFor: string[];
}

const OWNER_JOINED_AT = '2025-06-01T10:00:00.000Z';

export function initialTeam(): MockTeam {
  const user = buildUser();
  return {
    members: [
      {
        id: user.recordId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: 'owner',
        twoFactorEnabled: false,
        joinedAt: OWNER_JOINED_AT,
        lastActiveAt: null,
      },
    ],
    invitations: [],
    requireTwoFactor: false,
    memberships: [
      {
        businessId: user.recordId,
        businessName: user.businessName,
        role: 'owner',
        twoFactorSetupRequired: false,
      },
    ],
    links: new Map(),
    changesActedFor: [],
  };
}

/**
 * Whether a user id names an account the signed-in person acts for: their own, or a business they are a member of
 * (whose data this mock keeps with theirs), as the API's signed-in scope accepts it.
 */
export function actsFor(team: MockTeam, ownId: string, userId: string): boolean {
  return userId === ownId || team.memberships.some((membership) => membership.businessId === userId);
}
