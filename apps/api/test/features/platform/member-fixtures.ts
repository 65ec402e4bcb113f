import type { TeamRole } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import { teamMembers } from '../../../src/db/schema/index.ts';
import { bearer, dbOf, type Merchant, signUpMerchant } from '../../helper.ts';

/** A person who signed up and is a member of a business with a role (their team_members row, as joining writes it). */
export interface Member extends Merchant {
  role: TeamRole;
  /** Headers of the member's requests for the business: their session, naming the business in user_id. */
  forBusiness: Record<string, string>;
}

/** Signs a person up and makes them a member of `business` with `role` (written straight into team_members). */
export async function addMember(app: FastifyInstance, business: Merchant, role: TeamRole): Promise<Member> {
  const person = await signUpMerchant(app, { firstName: `${role[0]?.toUpperCase()}${role.slice(1)}` });
  await dbOf(app).insert(teamMembers).values({ businessId: business.userId, personId: person.userId, role });
  return { ...person, role, forBusiness: { ...bearer(person.token), user_id: business.userId } };
}
