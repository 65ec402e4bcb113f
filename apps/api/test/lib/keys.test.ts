import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeys } from '../../src/lib/keys.ts';
import { createSecretBox } from '../../src/lib/secret-box.ts';

const keys = createKeys(new TextEncoder().encode('a-jwt-secret-that-is-long-enough-0123456789'));

describe('keys derived per purpose', () => {
  afterEach(() => vi.useRealTimers());

  // Values computed with the code before lib/keys.ts (ADR 045): the stored hashes must keep matching.
  it('hashes exactly as before for every hash the database keeps', () => {
    expect(keys.hmac('api-keys', 'bzk_test_abc')).toBe('rNGE19RsukUtPlxpehfPxe8xyKV-XBbS49k-PmipWQM');
    expect(keys.hmac('bank-account-numbers', 'NGN:058:0123456789', 'hex')).toBe(
      '88bd9829b759abe669e2ff07c4f75122ec5bb86f12e701b9d2665008d17c6f40',
    );
    expect(keys.hmac('otp-codes', 'user-1:123456', 'hex')).toBe(
      '341dc3440a3f641d78da70e92e5d83af0eee7c96825196642086bda27a063fa0',
    );
    expect(keys.hmac('two-factor-recovery-codes', 'user-1:abcdefghjk')).toBe(
      'uUSg4NH0vSG8-tzeHzIIH9Y_9zyQn9XDMN_2aFcQHCQ',
    );
    expect(keys.hmac('idempotency-request-hash', '{"body":null}', 'hex')).toBe(
      'd135a1019bed915def5a9404e468cb8089b331e3380008e9419526d6c13ac073',
    );
    expect(keys.hmac('file-links', 'file-link:f1:1700000000')).toBe(
      'mFjFoYZWZfbQy_f8RWK2-6RUKiUZfGviVz2N8kjdX58',
    );
    expect(keys.derive('sandbox-mailbox').toString('base64url')).toBe(
      'bBnVUS2Dv5x-CauiORt6VohnR2HbyGmrMg5Wj3CV_00',
    );
  });

  it('opens a secret sealed before, under the same secrets key', () => {
    const box = createSecretBox('a-secrets-key-that-is-long-enough-0123456789');
    const sealedBefore = 'v1.dYtaqb98LG1K9uUv.L3tBOp7_OkVqgzDxUJShg2o8FK5Hv0MmPWKS7mXt1gQ';
    expect(box.open(sealedBefore, 'two-factor:user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('reads back a token its purpose signed, and not for another purpose or under another secret', async () => {
    const token = await keys.signToken('known-device', { email: 'ada@example.com' }, 60);
    expect(token.split('.')).toHaveLength(3);
    expect(await keys.readToken('known-device', token)).toMatchObject({ email: 'ada@example.com' });
    expect(await keys.readToken('two-factor-sign-in-challenge', token)).toBeNull();
    const other = createKeys(new TextEncoder().encode('another-secret-that-is-long-enough-01234567'));
    expect(await other.readToken('known-device', token)).toBeNull();
    expect(await keys.readToken('known-device', `${token.slice(0, -2)}AA`)).toBeNull();
    expect(await keys.readToken('known-device', 'not.a.token')).toBeNull();
  });

  it('refuses a token once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await keys.signToken('two-factor-sign-in-challenge', { sub: 'user-1' }, 300);
    vi.setSystemTime(Date.now() + 299_000);
    expect(await keys.readToken('two-factor-sign-in-challenge', token)).toMatchObject({ sub: 'user-1' });
    vi.setSystemTime(Date.now() + 1_000);
    expect(await keys.readToken('two-factor-sign-in-challenge', token)).toBeNull();
  });
});
