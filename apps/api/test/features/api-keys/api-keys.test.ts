import { ApiKeyDetailsSchema, UserSchema } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
  testConfig,
} from '../../helper.ts';
import { generateKey, updateApiDetails } from './api-key-fixtures.ts';

const KEY_PATTERN = /^bzk_test_[0-9A-Za-z]{43}$/;

describe('API keys: generate, show, roll with overlap, delete', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  const wallets = (key: string) => ctx.app.inject({ url: '/api/wallets', headers: bearer(key) });
  const userOf = async () =>
    UserSchema.parse(
      (
        await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) })
      ).json(),
    );

  it('shows no key before one is generated', async () => {
    expect((await userOf()).apiKey).toEqual({
      apiKey: null,
      webhookUrl: null,
      webhookSecret: null,
      createdAt: null,
      lastUsedAt: null,
      previousKeyExpiresAt: null,
      keyRollOverlapHours: 24,
      previousWebhookSecretExpiresAt: null,
      webhookDisabledReason: null,
    });
  });

  it('generates a bzk_test_ key of 32 random bytes that GET /api/users/{id} shows again and that authenticates', async () => {
    const response = await updateApiDetails(ctx.app, merchant, { generateNewKey: true });
    expect(response.statusCode).toBe(200);
    const details = ApiKeyDetailsSchema.parse(response.json());
    expect(details.apiKey).toMatch(KEY_PATTERN);
    expect(details.createdAt).not.toBeNull();
    expect(details.previousKeyExpiresAt).toBeNull();
    expect((await userOf()).apiKey.apiKey).toBe(details.apiKey);

    const answer = await wallets(details.apiKey as string);
    expect(answer.statusCode).toBe(200);
    expect((await userOf()).apiKey.lastUsedAt).not.toBeNull();
  });

  it('never makes the same key twice', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5; i++) keys.add(await generateKey(ctx.app, merchant));
    expect(keys.size).toBe(5);
  });

  it('keeps no key in plain text: only a keyed hash and a sealed copy', async () => {
    const key = await generateKey(ctx.app, merchant);
    const rows = await sqlRows<Record<string, unknown>>(
      ctx.app,
      sql`select * from api_keys where user_id = ${merchant.userId}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice('bzk_test_'.length));
    expect(stored).not.toContain('bzk_');
  });

  it('keeps the replaced key working during the overlap, then only the new one', async () => {
    const old = await generateKey(ctx.app, merchant);
    const rolled = await updateApiDetails(ctx.app, merchant, { generateNewKey: true });
    const details = ApiKeyDetailsSchema.parse(rolled.json());
    const fresh = details.apiKey as string;
    expect(fresh).not.toBe(old);
    const expiresAt = new Date(details.previousKeyExpiresAt as string).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await wallets(old)).statusCode).toBe(200);
    expect((await wallets(fresh)).statusCode).toBe(200);

    // The overlap ends: the old key is refused, the new one works.
    await sqlRows(
      ctx.app,
      sql`update api_keys set expires_at = now() - interval '1 second' where user_id = ${merchant.userId} and expires_at is not null and deleted_at is null`,
    );
    const refused = await wallets(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      error: 'This API key is not valid: it is unknown, deleted or expired.',
      code: 'UNAUTHORIZED',
    });
    expect((await wallets(fresh)).statusCode).toBe(200);
    expect((await userOf()).apiKey.previousKeyExpiresAt).toBeNull();
  });

  it('a third key ends the one still in its overlap at once: two keys work at most', async () => {
    const first = await generateKey(ctx.app, merchant);
    const second = await generateKey(ctx.app, merchant);
    const third = await generateKey(ctx.app, merchant);
    expect((await wallets(first)).statusCode).toBe(401);
    expect((await wallets(second)).statusCode).toBe(200);
    expect((await wallets(third)).statusCode).toBe(200);
  });

  it('deleting stops every key of the user at once, the one in its overlap too', async () => {
    const old = await generateKey(ctx.app, merchant);
    const current = await generateKey(ctx.app, merchant);
    const response = await updateApiDetails(ctx.app, merchant, { deleteKey: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ apiKey: null, previousKeyExpiresAt: null });
    expect((await wallets(old)).statusCode).toBe(401);
    expect((await wallets(current)).statusCode).toBe(401);
    expect((await userOf()).apiKey.apiKey).toBeNull();
  });

  it('two keys generated at once leave one current key and at most one in its overlap', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => updateApiDetails(ctx.app, merchant, { generateNewKey: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const [counts] = await sqlRows<{ current: number; overlapping: number }>(
      ctx.app,
      sql`select count(*) filter (where expires_at is null)::int as current,
                 count(*) filter (where expires_at > now())::int as overlapping
          from api_keys where user_id = ${merchant.userId} and deleted_at is null`,
    );
    expect(counts).toEqual({ current: 1, overlapping: 1 });
  });

  it('refuses an unknown key, a key-shaped token and a bare prefix with 401', async () => {
    for (const token of ['bzk_test_', `bzk_test_${'A'.repeat(43)}`, 'bzk_live_x', 'bzk_']) {
      const response = await wallets(token);
      expect(response.statusCode, token).toBe(401);
    }
  });
});

describe('API keys with no overlap (API_KEY_ROLL_OVERLAP_HOURS=0)', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp({ apiKeys: { ...testConfig().apiKeys, rollOverlapHours: 0 } });
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  it('stops the replaced key the moment a new one is generated', async () => {
    const old = await generateKey(ctx.app, merchant);
    const fresh = await generateKey(ctx.app, merchant);
    expect((await ctx.app.inject({ url: '/api/wallets', headers: bearer(old) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/wallets', headers: bearer(fresh) })).statusCode).toBe(200);
  });
});
