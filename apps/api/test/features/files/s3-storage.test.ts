import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3StorageProvider } from '../../../src/providers/storage/s3-storage-provider.ts';
import type { StorageProvider } from '../../../src/providers/storage/storage-provider.ts';

/** The S3 adapter against a local S3-compatible server this test starts (s3rver): no network, no account. */
describe('S3 storage provider', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bizdash-s3rver-'));
  let server: S3rver;
  let storage: StorageProvider;

  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'bizdash-files', configs: [] }],
    });
    const { port } = (await server.run()) as AddressInfo;
    storage = createS3StorageProvider({
      bucket: 'bizdash-files',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'test/',
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const read = async (key: string) => {
    const body = await storage.get(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  };

  it('stores, reads back and deletes a file by its key', async () => {
    const key = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const bytes = Buffer.from('%PDF-1.4 stored in s3');
    await storage.put(key, bytes, 'application/pdf');
    expect(await read(key)).toEqual(bytes);
    await storage.delete(key);
    expect(await read(key)).toBeNull();
    // A retried delete succeeds.
    await storage.delete(key);
  });

  it('stores a stream of known length (an upload read from its temporary file) as it comes', async () => {
    const key = 'b1b2c3d4e5f60718293a4b5c6d7e8f90';
    const chunks = Array.from({ length: 8 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    await storage.put(key, { stream: Readable.from(chunks), size }, 'application/pdf');
    expect(await read(key)).toEqual(Buffer.concat(chunks));
  });

  it('answers null for a key it never stored and refuses a key that is a path', async () => {
    expect(await read('0123456789abcdef0123456789abcdef')).toBeNull();
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'Invalid storage key',
    );
  });
});
