import { AppError, badRequest } from '../../lib/errors.ts';
import {
  allowedUrl,
  guardedAgent,
  loadUndici,
  type OutboundPolicy,
  publicOnly,
} from '../../lib/outbound-http.ts';
import { type FileDeps, storeImage } from './files.service.ts';

const MAX_REMOTE_IMAGE_BYTES = 1_048_576;
const TIMEOUT_MS = 5_000;
const REMOTE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export const REMOTE_IMAGE_REFUSED = 'The image could not be imported from this URL';

/** Production imports over https from public addresses only; tests pass a wider policy (lib/outbound-http.ts). */
const REMOTE_FETCH_POLICY = publicOnly(['https:']);

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
async function download(raw: string, policy: OutboundPolicy): Promise<Buffer> {
  // A refused URL throws; importRemoteImageWith turns any such error into the one refusal message.
  const url = allowedUrl(raw, policy);
  const { fetch } = await loadUndici();
  const response = await fetch(url, {
    dispatcher: await guardedAgent(policy, TIMEOUT_MS),
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
  policy: OutboundPolicy = REMOTE_FETCH_POLICY,
): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await download(url, policy);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(REMOTE_IMAGE_REFUSED);
  }
  const stored = await storeImage(
    deps,
    { ownerId, purpose: 'checkout_logo', source: bytes },
    REMOTE_IMAGE_TYPES,
  );
  return stored.url;
}
