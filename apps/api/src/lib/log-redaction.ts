import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are safe in a log line; every other value (a token, an email) is replaced. */
const LOGGABLE_QUERY = new Set(['page', 'size', 'from', 'to', 'currency']);

/**
 * The request URL as logs may keep it: the start-up hand-over (`?token=…&id=…`), `?email=` lookups and any
 * other query value can sign someone in or name a person, so only known harmless values stay.
 */
function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const kept = [...params].map(([name, value]): [string, string] => [
    name,
    LOGGABLE_QUERY.has(name) ? value : '[redacted]',
  ]);
  return `${url.slice(0, queryAt)}?${new URLSearchParams(kept).toString()}`;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
