import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInstanceSecret } from '../../src/lib/instance-secret.ts';
import { createSecretBox } from '../../src/lib/secret-box.ts';

const box = createSecretBox('a-secrets-key-that-is-long-enough-0123456789');

describe('secret box', () => {
  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two-factor:user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'two-factor:user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('0123456789', 'bank:1')).not.toBe(box.seal('0123456789', 'bank:1'));
  });

  it('refuses a value moved to another row or purpose', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two-factor:user-1');
    expect(() => box.open(sealed, 'two-factor:user-2')).toThrow();
    expect(() => box.open(sealed, 'bank-account:user-1')).toThrow();
  });

  it('refuses an altered value and one sealed under another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two-factor:user-1');
    const [version, iv, body] = sealed.split('.') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      box.open(`${version}.${iv}.${flipped.toString('base64url')}`, 'two-factor:user-1'),
    ).toThrow();
    expect(() => box.open('garbage', 'two-factor:user-1')).toThrow('not a sealed secret');
    const otherKey = createSecretBox('another-secrets-key-that-is-long-enough-987');
    expect(() => otherKey.open(sealed, 'two-factor:user-1')).toThrow();
  });
});

describe('instance secrets', () => {
  it('uses the configured value when there is one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-secret-'));
    expect(await resolveInstanceSecret('configured-value', dir, 'secrets-key')).toBe('configured-value');
  });

  it('generates one into DATA_DIR, readable only by its owner, and keeps it across starts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-secret-'));
    const [first, second] = await Promise.all([
      resolveInstanceSecret(undefined, dir, 'secrets-key'),
      resolveInstanceSecret(undefined, dir, 'secrets-key'),
    ]);
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(await readFile(path.join(dir, 'secrets-key'), 'utf8')).toBe(first);
    expect((await stat(path.join(dir, 'secrets-key'))).mode & 0o777).toBe(0o600);
    expect(await resolveInstanceSecret(undefined, dir, 'secrets-key')).toBe(first);
  });
});
