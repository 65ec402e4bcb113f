import { badRequest } from '../../lib/errors.ts';
import { loadOnce } from '../../lib/load-once.ts';

/** Longest side of a stored image: plenty for an avatar or a checkout logo, small enough to serve cheaply. */
const MAX_IMAGE_SIDE = 1024;
const MAX_INPUT_PIXELS = 40_000_000;

export const INVALID_IMAGE_MESSAGE = 'Please select a valid image';

/** libvips (28 MiB) is loaded at the first image, not at start. */
const loadSharp = loadOnce(async () => {
  const { default: sharp } = await import('sharp');
  // Uploads are read from their temporary files: libvips must not keep those open (or cached) once done.
  sharp.cache({ files: 0 });
  return sharp;
});

/** Bytes in memory (a fetched logo), or an upload spooled to disk with its first bytes. */
export type ImageSource = Buffer | { path: string; size: number; head: Buffer };

export interface ReencodedImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

/**
 * The type comes from the bytes (never the name or Content-Type); the image is then decoded and written anew,
 * resized and without metadata (EXIF, GPS), so nothing but pixels survives: a polyglot file cannot.
 */
export async function reencodeImage(
  input: ImageSource,
  accepted: readonly string[] = ['image/png', 'image/jpeg'],
): Promise<ReencodedImage> {
  const [head, size, source] = Buffer.isBuffer(input)
    ? [input, input.length, input]
    : [input.head, input.size, input.path];
  const { fileTypeFromBuffer } = await import('file-type'); // loaded at the first upload, not at start
  const detected = size > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (!detected || !accepted.includes(detected.mime)) throw badRequest(INVALID_IMAGE_MESSAGE);
  const keepPng = detected.mime === 'image/png';
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
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
