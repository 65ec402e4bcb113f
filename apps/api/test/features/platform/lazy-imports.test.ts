import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const API_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The packages the API's import graph loads before anything is used (test/support/loaded-packages). */
async function packagesLoadedAtStart(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'test/support/loaded-packages/list-packages.mjs', path.join(API_ROOT, 'src/app.ts')],
    { cwd: API_ROOT },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[];
}

describe('What the API loads at start (issue 26 §6)', () => {
  it('loads no SDK or native library of a provider or feature until it is used', async () => {
    const loaded = await packagesLoadedAtStart();
    // The check sees the packages the server needs at once...
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', '@electric-sql/pglite']));
    // ...and none of these: Plaid (88 MiB), sharp (28), the AWS SDK (23), nodemailer (15), qrcode (10), pdfkit
    // (statements, with its font tables), and about 20 MiB together of undici (outbound requests), ioredis
    // (REDIS_URL), pg (DATABASE_URL), file-type (uploads), argon2 (passwords) and otpauth (two-factor).
    for (const lazy of [
      'plaid',
      'sharp',
      '@aws-sdk/client-s3',
      'nodemailer',
      'qrcode',
      'pdfkit',
      'undici',
      'ioredis',
      'pg',
      'file-type',
      '@node-rs/argon2',
      'otpauth',
    ]) {
      expect(loaded, lazy).not.toContain(lazy);
    }
  }, 60_000);
});
