import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch } from 'undici';
import { AppError, badRequest } from '../../lib/errors.ts';
import { type FileDeps, storeImage } from './files.service.ts';
import { isPublicAddress } from './public-address.ts';

const MAX_REMOTE_IMAGE_BYTES = 1_048_576;
const TIMEOUT_MS = 5_000;
const REMOTE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export const REMOTE_IMAGE_REFUSED = 'The image could not be imported from this URL';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * Which URLs and addresses an import may reach. Production uses REMOTE_FETCH_POLICY (https, public addresses);
 * tests pass a wider one to reach servers they start on loopback.
 */
export type RemoteFetchPolicy = {
  protocols: readonly string[];
  isAllowedAddress: (address: string) => boolean;
};

const REMOTE_FETCH_POLICY: RemoteFetchPolicy = { protocols: ['https:'], isAllowedAddress: isPublicAddress };

/*
 * Every address a host name resolves to is checked when the connection is made, not before: a name that
 * resolves to a public address for a check and to 127.0.0.1 for the connection (DNS rebinding) still fails.
 */
function allowedOnlyLookup(policy: RemoteFetchPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused =
        addresses.length === 0 || addresses.some((entry) => !policy.isAllowedAddress(entry.address));
      if (refused) {
        return callback(Object.assign(new Error('Address not allowed'), { code: 'EADDRNOTALLOWED' }), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family);
    });
  };
}

const agents = new WeakMap<RemoteFetchPolicy, Agent>();
function agentFor(policy: RemoteFetchPolicy): Agent {
  let agent = agents.get(policy);
  if (!agent) {
    agent = new Agent({ connect: { lookup: allowedOnlyLookup(policy) as never, timeout: TIMEOUT_MS } });
    agents.set(policy, agent);
  }
  return agent;
}

function checkedUrl(raw: string, policy: RemoteFetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(REMOTE_IMAGE_REFUSED);
  }
  if (!policy.protocols.includes(url.protocol) || url.username || url.password) {
    throw badRequest(REMOTE_IMAGE_REFUSED);
  }
  // WHATWG parsing already turned 0x7f000001 and 2130706433 into 127.0.0.1: a literal is judged here, since
  // connecting to a literal address makes no lookup.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !policy.isAllowedAddress(host)) throw badRequest(REMOTE_IMAGE_REFUSED);
  return url;
}

async function readAtMost(body: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > limit) throw badRequest(REMOTE_IMAGE_REFUSED);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/*
 * Redirects are never followed: a 3xx answer (to an internal address or anywhere else) refuses the import, so
 * no second request is ever made. A merchant pastes the image's final URL.
 */
async function download(raw: string, policy: RemoteFetchPolicy): Promise<Buffer> {
  const url = checkedUrl(raw, policy);
  const response = await fetch(url, {
    dispatcher: agentFor(policy),
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { accept: 'image/png,image/jpeg,image/webp,image/gif' },
  });
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (response.status !== 200 || !response.body || declared > MAX_REMOTE_IMAGE_BYTES) {
    await response.body?.cancel();
    throw badRequest(REMOTE_IMAGE_REFUSED);
  }
  return readAtMost(response.body, MAX_REMOTE_IMAGE_BYTES);
}

export async function importRemoteImageWith(
  deps: FileDeps,
  { ownerId, url }: { ownerId: string; url: string },
  policy: RemoteFetchPolicy = REMOTE_FETCH_POLICY,
): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await download(url, policy);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(REMOTE_IMAGE_REFUSED);
  }
  const stored = await storeImage(deps, { ownerId, purpose: 'checkout_logo', bytes }, REMOTE_IMAGE_TYPES);
  return stored.url;
}
