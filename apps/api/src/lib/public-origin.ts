import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** A host name or bracketed IPv6 address, then an optional port: nothing a URL could read a path or user from. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The address every absolute URL handed to a browser or a provider is built on. PUBLIC_URL when it is set, so a
 * forged Host header changes nothing. Without it: the address the request came in on, which is its Host header
 * (X-Forwarded-Host and X-Forwarded-Proto count only from a proxy TRUST_PROXY trusts; Fastify reads them so), or
 * the default http://localhost:$PORT when that is not a plain host. Links built with no request at hand, and
 * links that a stranger's request would send to someone else (emails), use config.publicUrl and never a header.
 */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.publicUrlIsSet) return config.publicUrl;
  const { protocol, host } = request;
  if ((protocol !== 'http' && protocol !== 'https') || !PLAIN_HOST.test(host)) return config.publicUrl;
  try {
    // As an origin: lower case, without the scheme's default port (localhost:80 is localhost).
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    // Shaped like a host but not one (port 99999, 999.1.1.1).
    return config.publicUrl;
  }
}
