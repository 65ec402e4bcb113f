import type { AuditEventPage } from '@bizdash/shared';
import { describe, expect, it } from 'vitest';
import { bearer, type Merchant, PASSWORD, signUpMerchant, useTestApp } from '../../helper.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';

describe('GET /api/audit-events', () => {
  const ctx = useTestApp();
  const signIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  const list = async (token: string, query = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/audit-events${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditEventPage;
  };

  async function merchantWithHistory(): Promise<Merchant & { key: string }> {
    const merchant = await signUpMerchant(ctx.app);
    await signIn(merchant.email, PASSWORD);
    await signIn(merchant.email, 'Wr0ng!Password');
    const key = await generateKey(ctx.app, merchant);
    return { ...merchant, key };
  }

  it("lists the business's own entries, newest first, and never another's", async () => {
    const merchant = await merchantWithHistory();
    const other = await merchantWithHistory();
    const page = await list(merchant.token);
    expect(page.items.map((item) => item.action)).toEqual([
      'api_key.generated',
      'auth.sign_in_failed',
      'auth.sign_in',
    ]);
    expect(page).toMatchObject({ page: 1, size: 10, totalElements: 3, totalPages: 1 });
    expect(page.items.every((item) => item.actingUserId === merchant.userId)).toBe(true);
    expect(page.items[1]).toMatchObject({ outcome: 'failure', details: { step: 'password' } });
    expect(JSON.stringify(page)).not.toContain(other.userId);
    expect(JSON.stringify(page)).not.toContain(merchant.key);
  });

  it('filters by action, person and time, and pages', async () => {
    const merchant = await merchantWithHistory();
    const failed = await list(merchant.token, '?action=auth.sign_in_failed');
    expect(failed.items.map((item) => item.action)).toEqual(['auth.sign_in_failed']);
    expect((await list(merchant.token, `?person=${merchant.userId}`)).totalElements).toBe(3);
    expect((await list(merchant.token, `?person=${crypto.randomUUID()}`)).totalElements).toBe(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(merchant.token, `?from=${encodeURIComponent(future)}`)).totalElements).toBe(0);
    expect((await list(merchant.token, `?to=${encodeURIComponent(future)}`)).totalElements).toBe(3);
    const second = await list(merchant.token, '?page=2&size=2');
    expect(second.items.map((item) => item.action)).toEqual(['auth.sign_in']);
    expect(second.totalPages).toBe(2);
  });

  it('refuses an unknown action with 400', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit-events?action=auth.nothing',
      headers: bearer(merchant.token),
    });
    expect(response.statusCode).toBe(400);
  });

  it("answers an API key with its business's trail", async () => {
    const merchant = await merchantWithHistory();
    const page = await list(merchant.key);
    expect(page.totalElements).toBe(3);
  });
});
