import { formatFileSize } from '@bizdash/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findUserById } from '../users/index.ts';
import { lockMerchantStorage, storageUsedBy } from './files.repository.ts';

const STORAGE_QUOTA_EXCEEDED = 'STORAGE_QUOTA_EXCEEDED';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function quotaExceeded(quotaBytes: number, used: number, adding: number) {
  const message =
    used >= quotaBytes
      ? `Your documents and images use all of your ${megabytes(quotaBytes)} of storage. Delete a document to upload another.`
      : `This upload (${formatFileSize(adding)}) is larger than the ${formatFileSize(quotaBytes - used)} left of your ${megabytes(quotaBytes)} of storage. Delete a document to make room.`;
  return new AppError(413, STORAGE_QUOTA_EXCEEDED, message);
}

/** The merchant whose storage a user's files count against: the user itself, or the merchant of an app. */
async function merchantOrNotFound(db: DbOrTx, ownerId: string) {
  const user = await findUserById(db, ownerId);
  if (!user) throw new AppError(404, 'NOT_FOUND', 'User not found');
  return user.parentUserId ?? user.id;
}

/** Before a body is read: a merchant whose storage is already full is refused at once. */
export async function assertStorageLeft(db: DbOrTx, quotaBytes: number, ownerId: string) {
  const used = await storageUsedBy(db, await merchantOrNotFound(db, ownerId));
  if (used >= quotaBytes) throw quotaExceeded(quotaBytes, used, 0);
}

/**
 * Inside the transaction that inserts the files: locks the merchant's storage, then refuses `adding` bytes that
 * do not fit, so two concurrent uploads (on any process) cannot both take the last room.
 */
export async function reserveStorage(tx: DbOrTx, quotaBytes: number, ownerId: string, adding: number) {
  const merchantId = await merchantOrNotFound(tx, ownerId);
  await lockMerchantStorage(tx, merchantId);
  const used = await storageUsedBy(tx, merchantId);
  if (used + adding > quotaBytes) throw quotaExceeded(quotaBytes, used, adding);
}
