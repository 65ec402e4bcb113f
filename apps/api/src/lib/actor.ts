import type { FastifyRequest } from 'fastify';
import type { Actor } from '../types.ts';
import { unauthorized } from './errors.ts';

/**
 * Who acts in a signed-in request; only the signed-in scope (plugins/auth.ts) sets it. Kept apart from that
 * plugin so routes can read the actor without importing the plugin, which itself uses the users feature.
 */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Whose second factor or emailed code confirms a step (a payout): the signed-in person's own, never the business
 * owner's for a member; for an API key, which has no person, the business's own account as before teams.
 */
export const confirmerOf = (actor: Actor): string => actor.personId ?? actor.ownerId;
