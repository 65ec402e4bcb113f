import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import { generateKey } from './api-key-fixtures.ts';

describe("a key's last use", () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  const lastUsedAt = async () => {
    const [row] = await sqlRows<{ last_used_at: string | Date | null }>(
      ctx.app,
      sql`select last_used_at from api_keys where user_id = ${merchant.userId} and expires_at is null and deleted_at is null`,
    );
    return row?.last_used_at ? new Date(row.last_used_at).getTime() : null;
  };

  it('is written on the first request and then at most once a minute, not on every request', async () => {
    const key = await generateKey(ctx.app, merchant);
    expect(await lastUsedAt()).toBeNull();
    await ctx.app.inject({ url: '/api/wallets', headers: bearer(key) });
    const first = await lastUsedAt();
    expect(first).not.toBeNull();
    for (let i = 0; i < 3; i++) await ctx.app.inject({ url: '/api/wallets', headers: bearer(key) });
    expect(await lastUsedAt()).toBe(first);

    // A minute later, the next request writes it again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await ctx.app.inject({ url: '/api/wallets', headers: bearer(key) });
    } finally {
      vi.useRealTimers();
    }
    expect(await lastUsedAt()).toBeGreaterThanOrEqual((first ?? 0) + 61_000);
  });
});
