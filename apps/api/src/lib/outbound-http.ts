import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { loadOnce } from './load-once.ts';
import { isPublicAddress } from './public-address.ts';

/**
 * Which URLs and addresses a server-side request may reach (checkout logo imports, webhooks). Production passes
 * public addresses only; tests and local development pass a wider one to reach servers on loopback.
 */
export type OutboundPolicy = {
  protocols: readonly string[];
  isAllowedAddress: (address: string) => boolean;
};

export const publicOnly = (protocols: readonly string[]): OutboundPolicy => ({
  protocols,
  isAllowedAddress: isPublicAddress,
});

/** The refusal of a URL or an address by the policy; no connection was made. */
export class OutboundRefusedError extends Error {
  readonly code = 'EADDRNOTALLOWED';
  constructor(
    message = 'Address not allowed (not a public address)',
    /** The address refused, when an address was (rather than the URL's form). */
    readonly address: string | null = null,
  ) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/*
 * Every address a host name resolves to is checked when the connection is made, not before: a name that
 * resolves to a public address for a check and to 127.0.0.1 for the connection (DNS rebinding) still fails,
 * since the addresses checked are the ones handed to the socket.
 */
function allowedOnlyLookup(policy: OutboundPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !policy.isAllowedAddress(entry.address));
      if (refused) return callback(new OutboundRefusedError(undefined, refused.address), []);
      if (addresses.length === 0) return callback(new OutboundRefusedError(), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family);
    });
  };
}

/**
 * The check each connection makes, made ahead of one (when a URL is saved): every address the host name resolves
 * to now must be allowed. A name that does not resolve passes; it is judged again at each connection.
 */
export function checkResolvedHost(hostname: string, policy: OutboundPolicy): Promise<void> {
  return new Promise((resolve, reject) => {
    allowedOnlyLookup(policy)(hostname, { all: true }, (error) =>
      error instanceof OutboundRefusedError ? reject(error) : resolve(),
    );
  });
}

const agents = new WeakMap<OutboundPolicy, Map<number, Agent>>();

/** undici (an HTTP client of its own, about 10 MiB) is loaded at the first outbound request, not at start. */
export const loadUndici = loadOnce(() => import('undici'));

/** One connection pool per policy and connect timeout, every connection of it made through the checked lookup. */
export async function guardedAgent(policy: OutboundPolicy, connectTimeoutMs: number): Promise<Agent> {
  const { Agent } = await loadUndici();
  let byTimeout = agents.get(policy);
  if (!byTimeout) {
    byTimeout = new Map();
    agents.set(policy, byTimeout);
  }
  let agent = byTimeout.get(connectTimeoutMs);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: allowedOnlyLookup(policy) as never, timeout: connectTimeoutMs },
    });
    byTimeout.set(connectTimeoutMs, agent);
  }
  return agent;
}

/**
 * The URL when the policy allows it. WHATWG parsing already turned `0x7f000001`, `2130706433` and
 * `[::ffff:127.0.0.1]` into 127.0.0.1 or its IPv6 form: a literal address is judged here, since connecting to a
 * literal makes no lookup. Credentials in the URL are refused (they would be sent to whoever answers).
 */
export function allowedUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('Not a URL');
  }
  if (!policy.protocols.includes(url.protocol)) throw new OutboundRefusedError('Protocol not allowed');
  if (url.username || url.password) throw new OutboundRefusedError('Credentials in the URL are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !policy.isAllowedAddress(host)) throw new OutboundRefusedError(undefined, host);
  return url;
}
