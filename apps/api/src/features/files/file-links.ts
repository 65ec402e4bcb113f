import { constantTimeEqual } from '../../lib/constant-time.ts';
import { AppError } from '../../lib/errors.ts';
import type { Keys } from '../../lib/keys.ts';

/** How long a signed download link works. */
const FILE_LINK_TTL_SECONDS = 300;
export const FILE_LINK_INVALID = 'This download link is not valid';
export const FILE_LINK_EXPIRED =
  'This download link has expired. Download the file again from your documents.';

type LinkKeys = Pick<Keys, 'hmac'>;

// Every process of one deployment derives the same key, so any of them checks a link another minted.
const signatureOf = (keys: LinkKeys, fileId: string, expires: number) =>
  keys.hmac('file-links', `file-link:${fileId}:${expires}`);

/** A path that reads one private file until `expires` (Unix seconds), without a bearer token. */
function signedFilePath(keys: LinkKeys, fileId: string, expires: number): string {
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signatureOf(keys, fileId, expires),
  });
  return `/api/files/${fileId}/signed?${query}`;
}

/** A link minted now, valid for FILE_LINK_TTL_SECONDS (ttlSeconds lets tests mint one already expired). */
export function mintFileLink(
  keys: LinkKeys,
  fileId: string,
  now = Date.now(),
  ttlSeconds = FILE_LINK_TTL_SECONDS,
) {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return { path: signedFilePath(keys, fileId, expires), expiresAt: new Date(expires * 1000).toISOString() };
}

/** Throws 403 unless the signature is ours for this file and expiry (compared in constant time) and unexpired. */
export function checkFileLink(
  keys: LinkKeys,
  link: { fileId: string; expires: string; signature: string },
  now = Date.now(),
) {
  const expires = /^\d{1,12}$/.test(link.expires) ? Number(link.expires) : Number.NaN;
  if (
    !Number.isSafeInteger(expires) ||
    !constantTimeEqual(link.signature, signatureOf(keys, link.fileId, expires))
  ) {
    throw new AppError(403, 'FILE_LINK_INVALID', FILE_LINK_INVALID);
  }
  if (expires * 1000 <= now) throw new AppError(403, 'FILE_LINK_EXPIRED', FILE_LINK_EXPIRED);
}
