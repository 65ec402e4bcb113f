import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';

/** How long a signed download link works. */
const FILE_LINK_TTL_SECONDS = 300;
export const FILE_LINK_INVALID = 'This download link is not valid';
export const FILE_LINK_EXPIRED =
  'This download link has expired. Download the file again from your documents.';
/** The key's purpose for AppDeps.keys.derive: every process of one deployment derives the same key. */
export const FILE_LINK_KEY_PURPOSE = 'file-links';

const signatureOf = (key: Buffer, fileId: string, expires: number) =>
  createHmac('sha256', key).update(`file-link:${fileId}:${expires}`).digest('base64url');

/** A path that reads one private file until `expires` (Unix seconds), without a bearer token. */
function signedFilePath(key: Buffer, fileId: string, expires: number): string {
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signatureOf(key, fileId, expires),
  });
  return `/api/files/${fileId}/signed?${query}`;
}

/** A link minted now, valid for FILE_LINK_TTL_SECONDS (ttlSeconds lets tests mint one already expired). */
export function mintFileLink(
  key: Buffer,
  fileId: string,
  now = Date.now(),
  ttlSeconds = FILE_LINK_TTL_SECONDS,
) {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return { path: signedFilePath(key, fileId, expires), expiresAt: new Date(expires * 1000).toISOString() };
}

/** Throws 403 unless the signature is ours for this file and expiry (compared in constant time) and unexpired. */
export function checkFileLink(
  key: Buffer,
  link: { fileId: string; expires: string; signature: string },
  now = Date.now(),
) {
  const expires = /^\d{1,12}$/.test(link.expires) ? Number(link.expires) : Number.NaN;
  const expected = Buffer.from(signatureOf(key, link.fileId, expires));
  const given = Buffer.from(link.signature);
  if (
    !Number.isSafeInteger(expires) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw new AppError(403, 'FILE_LINK_INVALID', FILE_LINK_INVALID);
  }
  if (expires * 1000 <= now) throw new AppError(403, 'FILE_LINK_EXPIRED', FILE_LINK_EXPIRED);
}
