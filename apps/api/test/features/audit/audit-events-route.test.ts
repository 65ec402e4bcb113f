import type { AuditEventPage, SignInHistoryPage } from '@bizdash/shared';
import { describe, expect, it } from 'vitest';
import { bearer, type Merchant, PASSWORD, signUpMerchant, useTestApp } from '../../helper.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

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

  it("names each entry's person and device", async () => {
    const merchant = await signUpMerchant(ctx.app, { firstName: 'Ngozi', lastName: 'Eze' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'user-agent': CHROME_ON_MAC },
      payload: { email: merchant.email, password: PASSWORD },
    });
    const key = await generateKey(ctx.app, merchant);
    const [generated, signedIn] = (await list(merchant.token)).items;
    expect(signedIn).toMatchObject({
      action: 'auth.sign_in',
      actor: { name: 'Ngozi Eze', email: merchant.email },
      device: 'Chrome on macOS',
    });
    expect(generated).toMatchObject({ action: 'api_key.generated', actor: { name: 'Ngozi Eze' } });
    expect((await list(key)).items).toHaveLength(2);
  });

  describe('export', () => {
    const exportCsv = (token: string, query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/audit-events/export${query}`, headers: bearer(token) });

    it('streams every matching entry as CSV, newest first, with a header row', async () => {
      const merchant = await merchantWithHistory();
      const response = await exportCsv(merchant.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bizdash-activity-/);
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'occurredAt,action,actionLabel,outcome,personName,personEmail,personId,apiKeyPrefix,actingUserId,targetType,targetId,ip,device,userAgent,details,sequence,hash',
      );
      expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
        'api_key.generated',
        'auth.sign_in_failed',
        'auth.sign_in',
      ]);
      expect(lines[2]).toContain('Sign-in failed,failure,Adaeze Okafor');
      expect(response.body).not.toContain(merchant.key);

      const filtered = await exportCsv(merchant.token, '?action=auth.sign_in');
      expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
    });

    it('defuses text a spreadsheet would run as a formula', async () => {
      const merchant = await signUpMerchant(ctx.app);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'user-agent': '=cmd|calc' },
        payload: { email: merchant.email, password: 'Wr0ng!Password' },
      });
      const body = (await exportCsv(merchant.token)).body;
      expect(body).toContain(",'=cmd|calc,");
      expect(body).not.toContain(',=cmd');
    });

    it('gives each line its sequence in the chain, newest first', async () => {
      const merchant = await signUpMerchant(ctx.app);
      await Promise.all(Array.from({ length: 3 }, () => signIn(merchant.email, 'Wr0ng!Password')));
      const body = (await exportCsv(merchant.token)).body;
      const sequences = body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => Number(line.split(',').at(-2)));
      expect(sequences).toEqual([3, 2, 1]);
    });
  });

  describe('sign-in history', () => {
    const history = (merchant: Merchant, query = '', userId = merchant.userId) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/users/${userId}/sign-ins${query}`,
        headers: bearer(merchant.token),
      });

    it("shows the person's own sign-ins and failures, newest first, with IP and device", async () => {
      const merchant = await signUpMerchant(ctx.app);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'user-agent': CHROME_ON_MAC },
        payload: { email: merchant.email, password: PASSWORD },
      });
      await signIn(merchant.email, 'Wr0ng!Password');
      await generateKey(ctx.app, merchant);
      const response = await history(merchant);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as SignInHistoryPage;
      expect(page).toMatchObject({ page: 1, totalElements: 2 });
      expect(page.items).toMatchObject([
        { outcome: 'failure', failedStep: 'password', ip: '127.0.0.1', device: null },
        { outcome: 'success', failedStep: null, ip: '127.0.0.1', device: 'Chrome on macOS' },
      ]);
      expect((await history(merchant, '?page=2&size=1')).json()).toMatchObject({
        items: [{ outcome: 'success' }],
        totalPages: 2,
      });
    });

    it("is the person's own: another account's is not found, and an API key is refused", async () => {
      const merchant = await signUpMerchant(ctx.app);
      const other = await signUpMerchant(ctx.app);
      expect((await history(merchant, '', other.userId)).statusCode).toBe(404);
      const key = await generateKey(ctx.app, merchant);
      const withKey = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${merchant.userId}/sign-ins`,
        headers: bearer(key),
      });
      expect(withKey.statusCode).toBe(401);
      expect(withKey.json()).toMatchObject({ code: 'API_KEY_NOT_ALLOWED' });
    });
  });
});
