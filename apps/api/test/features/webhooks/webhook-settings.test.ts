import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookUrl, webhookSettingsFor } from '../../../src/features/webhooks/index.ts';
import { rollEndpointSecret } from '../../../src/features/webhooks/webhook-endpoints.service.ts';
import { buildTestApp, insertTestMerchant, sqlRows, type TestContext } from '../../helper.ts';
import { literalPrivateTargets } from './webhook-fixtures.ts';

describe('webhook settings (the contract Developer Settings uses)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('has nothing until a URL is saved', async () => {
    const { userId } = await insertTestMerchant(ctx.app);
    expect(await webhookSettingsFor(ctx.app.deps, userId)).toEqual({
      webhookUrl: null,
      webhookSecret: null,
      previousSecretExpiresAt: null,
      disabledReason: null,
    });
    expect(await rollEndpointSecret(ctx.app.deps, userId)).toBeNull();
  });

  it('makes a whsec_ secret with the first URL, keeps it when the URL changes, and keeps it sealed', async () => {
    const { userId } = await insertTestMerchant(ctx.app);
    await setWebhookUrl(ctx.app.deps, userId, ' https://shop.example.com/hooks ');
    const first = await webhookSettingsFor(ctx.app.deps, userId);
    expect(first.webhookUrl).toBe('https://shop.example.com/hooks');
    expect(first.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.webhookSecret?.slice(6) ?? '', 'base64')).toHaveLength(32);

    await setWebhookUrl(ctx.app.deps, userId, 'http://shop.example.com/v2/hooks');
    const second = await webhookSettingsFor(ctx.app.deps, userId);
    expect(second).toEqual({ ...first, webhookUrl: 'http://shop.example.com/v2/hooks' });

    const stored = await sqlRows<Record<string, unknown>>(
      ctx.app,
      sql`select * from webhook_endpoints where user_id = ${userId}`,
    );
    expect(JSON.stringify(stored)).not.toContain(first.webhookSecret?.slice(6));
  });

  it('refuses what is not an http(s) URL, credentials, and literal private, loopback or link-local addresses', async () => {
    const { userId } = await insertTestMerchant(ctx.app);
    for (const url of [
      '',
      'not a url',
      'ftp://example.com/hooks',
      'file:///etc/passwd',
      'https://user:pass@example.com/hooks',
      ...literalPrivateTargets('8080'),
      `https://example.com/${'a'.repeat(2048)}`,
    ]) {
      await expect(setWebhookUrl(ctx.app.deps, userId, url), url).rejects.toMatchObject({
        statusCode: 400,
        message: 'Invalid webhook URL',
      });
    }
    expect((await webhookSettingsFor(ctx.app.deps, userId)).webhookUrl).toBeNull();
  });

  it('rolls the secret: a new one, the old one still signing for the configured overlap', async () => {
    const { userId } = await insertTestMerchant(ctx.app);
    await setWebhookUrl(ctx.app.deps, userId, 'https://shop.example.com/hooks');
    const before = await webhookSettingsFor(ctx.app.deps, userId);

    const rolled = await rollEndpointSecret(ctx.app.deps, userId);

    expect(rolled?.webhookSecret).toMatch(/^whsec_/);
    expect(rolled?.webhookSecret).not.toBe(before.webhookSecret);
    const expiresIn = new Date(rolled?.previousSecretExpiresAt ?? 0).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000);
    expect(await webhookSettingsFor(ctx.app.deps, userId)).toEqual(rolled);
  });
});
