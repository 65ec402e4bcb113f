import type { AppDeps } from '../../types.ts';
import { type FileDeps, storeImage as storeImageWith } from './files.service.ts';
import type { ImageSource } from './images.ts';
import { importRemoteImageWith } from './remote-image.ts';

type FilesAppDeps = Pick<AppDeps, 'database' | 'storage' | 'config'>;

const fileDeps = (deps: FilesAppDeps): FileDeps => ({
  db: deps.database.db,
  storage: deps.storage,
  publicUrl: deps.config.publicUrl,
  quotaBytes: deps.config.storage.quotaBytes,
});

/**
 * Imports a pasted logo URL as our own file and returns that file's URL: fetched once over https (at most 1 MB,
 * 5 s, an image by its bytes), never from or through a private, loopback, link-local or metadata address
 * (checked at connect time; redirects are never followed), then re-encoded and stored like an upload.
 * A refused or unusable URL throws a 400 AppError ('The image could not be imported from this URL').
 */
export function importRemoteImage({ ownerId, url }: { ownerId: string; url: string }, deps: FilesAppDeps) {
  return importRemoteImageWith(fileDeps(deps), { ownerId, url });
}

/** Stores an uploaded image (png/jpeg by its bytes, re-encoded, metadata stripped); returns the row and its url. */
export function storeImage(
  image: {
    ownerId: string;
    purpose: 'profile' | 'checkout_logo';
    source: ImageSource;
    originalName?: string | null;
  },
  deps: FilesAppDeps,
) {
  return storeImageWith(fileDeps(deps), image);
}

/**
 * Stores a KYC selfie as a private file of its owner (png or jpeg by its bytes, re-encoded, metadata stripped):
 * never served by the public image route. Throws 400 'Please select a valid image' for anything else.
 */
export function storeKycSelfie(
  selfie: { ownerId: string; source: ImageSource; originalName?: string | null },
  deps: FilesAppDeps,
) {
  return storeImageWith(fileDeps(deps), { ...selfie, purpose: 'kyc_selfie' });
}

export { mintFileLink } from './file-links.ts';
export { deleteOwnedFiles, findOwnedFiles, type StoredFile } from './files.repository.ts';
export { attachment, filesRoutes, sendStored } from './files.routes.ts';
export { type FileDeps, storeFile } from './files.service.ts';
export { imageUploadRoutes } from './image-uploads.routes.ts';
export { INVALID_IMAGE_MESSAGE } from './images.ts';
export {
  ImageUploadFormSchema,
  type MultipartForm,
  multipartRoute,
  registerMultipart,
  withMultipart,
  withSingleImage,
} from './multipart.ts';
export { REMOTE_IMAGE_REFUSED } from './remote-image.ts';
export { assertStorageLeft, reserveStorage } from './storage-quota.ts';
export { gatedUpload, throughUploadGate } from './upload-gate.ts';
