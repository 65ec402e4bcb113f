import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch } from 'undici';
import { AppError, badRequest } from '../../lib/errors.ts';
import { type FileDeps, storeImage } from './files.service.ts';
import { isPublicAddress } from './public-address.ts';

const MAX_REMOTE_IMAGE_BYTES = 1_048_576;
const TIMEOUT_MS = 5_000;
const MAX_REDIRECTS = 3;
const REMOTE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export const REMOTE_IMAGE_REFUSED = 'The image could not be imported from this URL';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/*
 * Every address a host name resolves to is checked when the connection is made, not before: a name that
 * resolves to a public address for a check and to 127.0.0.1 for the connection (DNS rebinding) still fails.
 */
function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address));
    if (refused) {
      return callback(Object.assign(new Error('Address not allowed'), { code: 'EADDRNOTALLOWED' }), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family);
  });
}

const publicOnlyAgent = new Agent({ connect: { lookup: publicOnlyLookup as never, timeout: TIMEOUT_MS } });

function checkedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(REMOTE_IMAGE_REFUSED);
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw badRequest(REMOTE_IMAGE_REFUSED);
  // WHATWG parsing already turned 0x7f000001 and 2130706433 into 127.0.0.1: a literal is judged here, since
  // connecting to a literal address makes no lookup.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw badRequest(REMOTE_IMAGE_REFUSED);
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

async function download(raw: string): Promise<Buffer> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let url = checkedUrl(raw);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetch(url, {
      dispatcher: publicOnlyAgent,
      redirect: 'manual',
      signal,
      headers: { accept: 'image/png,image/jpeg,image/webp,image/gif' },
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) break;
      // Each hop is checked again, and its connection goes through the same public-only lookup.
      url = checkedUrl(new URL(location, url).toString());
      continue;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      break;
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_REMOTE_IMAGE_BYTES) {
      await response.body.cancel();
      break;
    }
    return readAtMost(response.body, MAX_REMOTE_IMAGE_BYTES);
  }
  throw badRequest(REMOTE_IMAGE_REFUSED);
}

export async function importRemoteImageWith(
  deps: FileDeps,
  { ownerId, url }: { ownerId: string; url: string },
): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await download(url);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(REMOTE_IMAGE_REFUSED);
  }
  const stored = await storeImage(deps, { ownerId, purpose: 'checkout_logo', bytes }, REMOTE_IMAGE_TYPES);
  return stored.url;
}
