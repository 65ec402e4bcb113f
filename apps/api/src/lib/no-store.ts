import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route's onSend hook for answers that carry a credential or a secret (a token, a challenge, an API key, a
 * signing secret, recovery codes): no browser, proxy or CDN may keep a copy.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}
