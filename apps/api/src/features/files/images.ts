import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.ts';

/** Longest side of a stored image: plenty for an avatar or a checkout logo, small enough to serve cheaply. */
const MAX_IMAGE_SIDE = 1024;
const MAX_INPUT_PIXELS = 40_000_000;

export const INVALID_IMAGE_MESSAGE = 'Please select a valid image';

export interface ReencodedImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

/**
 * The type comes from the bytes (never the name or Content-Type); the image is then decoded and written anew,
 * resized and without metadata (EXIF, GPS), so nothing but pixels survives: a polyglot file cannot.
 */
export async function reencodeImage(
  input: Buffer,
  accepted: readonly string[] = ['image/png', 'image/jpeg'],
): Promise<ReencodedImage> {
  const detected = input.length > 0 ? await fileTypeFromBuffer(input) : undefined;
  if (!detected || !accepted.includes(detected.mime)) throw badRequest(INVALID_IMAGE_MESSAGE);
  const keepPng = detected.mime === 'image/png';
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const bytes = keepPng
      ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
      : await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { bytes, contentType: keepPng ? 'image/png' : 'image/jpeg' };
  } catch {
    throw badRequest(INVALID_IMAGE_MESSAGE);
  }
}
