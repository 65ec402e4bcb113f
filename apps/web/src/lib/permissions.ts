import { type Permission, roleCan, roleRequiredMessage, type TeamRole } from '@bizdash/shared';
import { useActingApp, useActingBusiness } from './acting-profile';
import { useMemberships } from './api/memberships';
import { useUserId } from './credentials';

/**
 * The signed-in person's role in the business the dashboard acts for: the role the memberships answer for the
 * acting business (the one stored when it was chosen until they load), and for the person's own account (or one of
 * its apps) 'owner' unless the memberships say otherwise.
 */
export function useActingRole(): TeamRole {
  const personId = useUserId();
  const business = useActingBusiness();
  // An app acted for is the person's own account's (the switcher lists those).
  const app = useActingApp();
  const { data: memberships } = useMemberships();
  const businessId = business && !app ? business.businessId : personId;
  const listed = memberships?.find((membership) => membership.businessId === businessId)?.role;
  if (listed) return listed;
  return business && !app ? business.role : 'owner';
}

export interface Can {
  allowed: boolean;
  /** Who can, as the API's refusal says it ("Only an owner, admin or finance member can make payouts"). */
  reason: string;
}

/** Whether the acting role holds a permission, and the sentence for a disabled action's tooltip when not. */
export function useCan(permission: Permission): Can {
  const role = useActingRole();
  return { allowed: roleCan(role, permission), reason: roleRequiredMessage(permission) };
}
