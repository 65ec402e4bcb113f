import type { Readable } from 'node:stream';
import { loadOnce } from '../../lib/load-once.ts';
import { assertStorageKey, type StorageProvider } from './storage-provider.ts';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** Unset: AWS itself; set for any S3-compatible store (MinIO, R2, Spaces...). */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Keys are stored under this prefix, so one bucket can serve several deployments. */
  prefix: string;
}

/** Files in an S3-compatible bucket: every API process sees the same files (see README, Uploaded files). */
export function createS3StorageProvider(settings: S3StorageSettings): StorageProvider {
  // The AWS SDK (23 MiB) is loaded at the first file stored or read, not at start.
  const s3 = loadOnce(async () => {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // A streamed upload is sent as is (with its length), not re-framed as aws-chunked with a checksum trailer,
      // which several S3-compatible stores do not decode (they would store the framing with the bytes).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
    return { sdk, client };
  });
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${settings.prefix}${key}`;
  };
  return {
    name: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(key),
          ...(Buffer.isBuffer(body) ? { Body: body } : { Body: body.stream, ContentLength: body.size }),
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const result = await client.send(
          new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }),
        );
        return (result.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
    },
  };
}
