import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { teamMembers } from '../../db/schema/team.ts';
import type { Membership } from '../../types.ts';
import { businessOf, businessOfColumns, joinableBusinesses, joinableUsers } from '../users/index.ts';

const findMembershipQuery = preparedQuery('team_membership_of', ['personId', 'userId'], (db, p) =>
  db
    .select({ ...businessOfColumns, role: teamMembers.role })
    .from(joinableUsers)
    .innerJoin(joinableBusinesses, businessOf(joinableUsers))
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.businessId, joinableBusinesses.id), eq(teamMembers.personId, p.personId)),
    )
    .where(eq(joinableUsers.id, p.userId))
    .limit(1),
);

/**
 * The person's role in the business of the user a request names (the business itself or one of its apps), or null
 * when they are not a member of it. Their own account is theirs as owner unless they gave it away (its row says).
 */
export async function findMembership(
  db: DbOrTx,
  personId: string,
  userId: string,
): Promise<Membership | null> {
  const [row] = await findMembershipQuery(db, { personId, userId });
  if (!row) return null;
  const role = row.role ?? (row.businessId === personId ? 'owner' : null);
  return role ? { businessId: row.businessId, role, requireTwoFactor: row.requireTwoFactor } : null;
}

/** A new merchant is its own business's owner. */
export async function insertOwner(tx: Tx, businessId: string, joinedAt: Date) {
  await tx.insert(teamMembers).values({ businessId, personId: businessId, role: 'owner', joinedAt });
}

/** Last active, for the Team tab: written when a member acts, at most once a minute per person and business. */
export async function touchLastActive(db: DbOrTx, businessId: string, personId: string, at: Date) {
  await db
    .update(teamMembers)
    .set({ lastActiveAt: at })
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.personId, personId)));
}
