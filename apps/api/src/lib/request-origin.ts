import type { FastifyRequest } from 'fastify';

/** Where a security event came from, as the server saw it: the address and the browser. */
export const requestOrigin = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});
