import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../../plugins/rate-limit.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const throttles = new WeakMap<RateLimits, Hook>();
const accounts = new WeakMap<FastifyRequest, string>();

/**
 * One counter of password guesses per account, shared by every route that checks a password (sign-in, change
 * password): without Redis each limiter counts in its own memory, so the routes must use the same limiter.
 * Keyed by the normalised email; sign-in reads it from its validated body.
 */
function signInThrottle(limits: RateLimits): Hook {
  let hook = throttles.get(limits);
  if (!hook) {
    hook = limits.perAccount(
      'signin',
      (request) => accounts.get(request) ?? String((request.body as { email?: unknown }).email ?? ''),
    );
    throttles.set(limits, hook);
  }
  return hook;
}

/** The sign-in route's preHandler. */
export const throttleSignIn = (limits: RateLimits): Hook => signInThrottle(limits);

/** Counts a password check of a signed-in route against the account's sign-in attempts. */
export function countPasswordCheck(
  limits: RateLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<void> {
  accounts.set(request, email.toLowerCase());
  return signInThrottle(limits)(request, reply);
}
