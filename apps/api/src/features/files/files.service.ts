import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import type { FilePurpose } from '../../db/schema/files.ts';
import type { StorageProvider, StoredBody } from '../../providers/storage/storage-provider.ts';
import { findUserById } from '../users/index.ts';
import { deleteOwnedFilesExcept, insertFile } from './files.repository.ts';
import { type ImageSource, reencodeImage } from './images.ts';
import { reserveStorage } from './storage-quota.ts';

export interface FileDeps {
  db: DbOrTx;
  storage: StorageProvider;
  /** The app's public address: stored URLs are absolute, so the checkout page and emails can use them as is. */
  publicUrl: string;
  /** What one merchant's files may take in all (config.storage.quotaBytes). */
  quotaBytes: number;
}

/** A user's file name as metadata only: no path, no control characters, bounded; never used to store or serve. */
function sanitiseFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) >= 32 && char.charCodeAt(0) !== 127 && !'"<>|?*:'.includes(char))
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return clean || null;
}

const fileUrl = (publicUrl: string, id: string) => `${publicUrl}/api/files/${id}`;

/**
 * Bytes first, then the row, inserted only if it fits the merchant's storage (checked under a lock): a refused or
 * failed insert removes the bytes, so no row ever points at nothing.
 */
export async function storeFile(
  { db, storage, publicUrl, quotaBytes }: FileDeps,
  file: {
    ownerId: string;
    purpose: FilePurpose;
    body: StoredBody;
    size: number;
    contentType: string;
    originalName?: string | null;
  },
) {
  const storageKey = randomBytes(16).toString('hex');
  try {
    await storage.put(storageKey, file.body, file.contentType);
  } catch (error) {
    // A stream the store did not finish reading still holds its file open.
    if (!Buffer.isBuffer(file.body)) file.body.stream.destroy();
    throw error;
  }
  try {
    const row = await db.transaction(async (tx) => {
      await reserveStorage(tx, quotaBytes, file.ownerId, file.size);
      return insertFile(tx, {
        ownerId: file.ownerId,
        purpose: file.purpose,
        storageKey,
        contentType: file.contentType,
        size: file.size,
        originalName: sanitiseFileName(file.originalName),
      });
    });
    return { ...row, url: fileUrl(publicUrl, row.id) };
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** An image (profile photo, checkout logo, KYC selfie): png or jpeg by its bytes, re-encoded, then stored. */
export async function storeImage(
  deps: FileDeps,
  image: {
    ownerId: string;
    purpose: 'profile' | 'checkout_logo' | 'kyc_selfie';
    source: ImageSource;
    originalName?: string | null;
  },
  accepted?: readonly string[],
) {
  const { bytes, contentType } = await reencodeImage(image.source, accepted);
  return storeFile(deps, {
    ownerId: image.ownerId,
    purpose: image.purpose,
    originalName: image.originalName,
    body: bytes,
    size: bytes.length,
    contentType,
  });
}

/** The id of one of our stored images from its URL (whatever address it was minted on), else null. */
const ownFileId = (url: string | null) => url?.match(/\/api\/files\/([0-9a-f-]{36})$/)?.[1] ?? null;

/**
 * After a new profile photo or checkout logo: the user's older ones go (rows and bytes), so replacing an image
 * never eats into the storage quota. Kept: the new image and, for logos, the one the company details use.
 */
export async function pruneReplacedImages(
  { db, storage }: FileDeps,
  { ownerId, purpose, keepId }: { ownerId: string; purpose: 'profile' | 'checkout_logo'; keepId: string },
) {
  const keep = [keepId];
  if (purpose === 'checkout_logo') {
    const current = ownFileId((await findUserById(db, ownerId))?.checkoutLogoUrl ?? null);
    if (current) keep.push(current);
  }
  const removed = await deleteOwnedFilesExcept(db, ownerId, purpose, keep);
  await Promise.all(removed.map((file) => storage.delete(file.storageKey).catch(() => undefined)));
}
