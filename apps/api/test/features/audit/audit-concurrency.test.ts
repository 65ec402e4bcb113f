import { describe, expect, it } from 'vitest';
import { PASSWORD, signUpMerchant, useTestApp } from '../../helper.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';
import { chainOf, verify } from './audit-fixtures.ts';

/*
 * Many writers of one chain at once (ADR 054): on PostgreSQL the sign-ins and key generations below run on several
 * connections and take turns on the chain's head row; the chain must come out whole, one entry per action, with no
 * two entries claiming the same place. On PGlite (one connection) they run one after another.
 */
describe('the audit trail under concurrent writers', () => {
  const ctx = useTestApp();

  it('20 sign-ins and 20 key generations at once leave one unbroken chain', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const other = await signUpMerchant(ctx.app);
    const signIn = (email: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });

    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => signIn(merchant.email, PASSWORD).then((r) => r.statusCode)),
      ...Array.from({ length: 20 }, () => generateKey(ctx.app, merchant).then(() => 200)),
      ...Array.from({ length: 5 }, () => signIn(other.email, PASSWORD).then((r) => r.statusCode)),
      ...Array.from({ length: 5 }, (_, i) =>
        signIn(`nobody-${i}@example.com`, PASSWORD).then((r) => r.statusCode),
      ),
    ]);
    expect(results.filter((code) => code === 200)).toHaveLength(45);

    const entries = await chainOf(ctx.app, merchant.userId);
    expect(entries).toHaveLength(40);
    expect(entries.map((row) => Number(row.sequence))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(entries.filter((row) => row.action === 'auth.sign_in')).toHaveLength(20);
    expect(entries.filter((row) => row.action === 'api_key.generated')).toHaveLength(1);
    expect(entries.filter((row) => row.action === 'api_key.rolled')).toHaveLength(19);
    for (let i = 1; i < entries.length; i++) expect(entries[i]?.previous_hash).toBe(entries[i - 1]?.hash);
    expect(await chainOf(ctx.app, other.userId)).toHaveLength(5);

    const report = await verify(ctx.app);
    expect(report).toMatchObject({ ok: true, broken: null });
    expect(report.entries).toBeGreaterThanOrEqual(50);
  });
});
