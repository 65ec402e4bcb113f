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
