import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../../plugins/rate-limit.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const throttles = new WeakMap<RateLimits, Hook>();
const accounts = new WeakMap<FastifyRequest, string>();
/** Requests known to be the owner's (a known device, a signed-in session): the all-addresses ceiling is not theirs. */
const owners = new WeakSet<FastifyRequest>();

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
      { trusted: (request) => owners.has(request) },
    );
    throttles.set(limits, hook);
  }
  return hook;
}

/** The sign-in route's preHandler; `knownDevice` tells the owner's device by the token it sends. */
export function throttleSignIn(
  limits: RateLimits,
  knownDevice: (request: FastifyRequest) => Promise<boolean>,
): Hook {
  return async (request, reply) => {
    if (await knownDevice(request)) owners.add(request);
    return signInThrottle(limits)(request, reply);
  };
}

/**
 * Counts a password or code check against the account's sign-in attempts; `signedIn` when the request carries the
 * owner's session (changing the password), which the ceiling strangers can reach does not hold back.
 */
export function countPasswordCheck(
  limits: RateLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  signedIn = false,
): Promise<void> {
  accounts.set(request, email.toLowerCase());
  if (signedIn) owners.add(request);
  return signInThrottle(limits)(request, reply);
}
