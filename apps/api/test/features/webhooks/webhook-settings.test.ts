import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookUrl, webhookSettingsFor } from '../../../src/features/webhooks/index.ts';
import { rollEndpointSecret } from '../../../src/features/webhooks/webhook-endpoints.service.ts';
import { buildTestApp, insertTestMerchant, sqlRows, type TestContext } from '../../helper.ts';
import { testAuditOf } from '../audit/audit-fixtures.ts';
import { literalPrivateTargets, webhookTestConfig } from './webhook-fixtures.ts';

describe('webhook settings (the contract Developer Settings uses)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // As a real instance is: webhooks go to public addresses only.
    ctx = await buildTestApp(webhookTestConfig({ allowPrivateTargets: false }));
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
    expect(await rollEndpointSecret(ctx.app.deps, userId, testAuditOf(userId))).toBeNull();
  });

  it('makes a whsec_ secret with the first URL, keeps it when the URL changes, and keeps it sealed', async () => {
    const { userId } = await insertTestMerchant(ctx.app);
    await setWebhookUrl(ctx.app.deps, userId, ' https://shop.example.com/hooks ', testAuditOf(userId));
    const first = await webhookSettingsFor(ctx.app.deps, userId);
    expect(first.webhookUrl).toBe('https://shop.example.com/hooks');
    expect(first.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.webhookSecret?.slice(6) ?? '', 'base64')).toHaveLength(32);

    await setWebhookUrl(ctx.app.deps, userId, 'http://shop.example.com/v2/hooks', testAuditOf(userId));
    const second = await webhookSettingsFor(ctx.app.deps, userId);
    expect(second).toEqual({ ...first, webhookUrl: 'http://shop.example.com/v2/hooks' });

    const stored = await sqlRows<Record<string, unknown>>(
      ctx.app,
      sql`select * from webhook_endpoints where user_id = ${userId}`,
    );
    expect(JSON.stringify(stored)).not.toContain(first.webhookSecret?.slice(6));
  });

  it("refuses what is not an http(s) URL, or has credentials, with SPEC's 'Invalid webhook URL'", async () => {
    const { userId } = await insertTestMerchant(ctx.app);
    for (const url of [
      '',
      'not a url',
      'ftp://example.com/hooks',
      'file:///etc/passwd',
      'https://user:pass@example.com/hooks',
      `https://example.com/${'a'.repeat(2048)}`,
    ]) {
      await expect(setWebhookUrl(ctx.app.deps, userId, url, testAuditOf(userId)), url).rejects.toMatchObject({
        statusCode: 400,
        message: 'Invalid webhook URL',
      });
    }
    expect((await webhookSettingsFor(ctx.app.deps, userId)).webhookUrl).toBeNull();
  });

  it('refuses a literal private address and a host name resolving to one alike, naming the address and ALLOW_PRIVATE_WEBHOOK_TARGETS', async () => {
    const { userId } = await insertTestMerchant(ctx.app);
    const refusal = (where: string) =>
      `Webhook URL points to a private address (${where}). This server sends webhooks only to public addresses, so they cannot be aimed at its internal network; to deliver to a receiver on your own machine or network, run the server with ALLOW_PRIVATE_WEBHOOK_TARGETS=true.`;
    await expect(
      setWebhookUrl(ctx.app.deps, userId, 'http://127.0.0.1:8080/hooks', testAuditOf(userId)),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'PRIVATE_WEBHOOK_TARGET',
      message: refusal('127.0.0.1'),
    });
    await expect(
      setWebhookUrl(ctx.app.deps, userId, 'http://localhost:8080/hooks', testAuditOf(userId)),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'PRIVATE_WEBHOOK_TARGET',
      message: expect.stringMatching(
        /^Webhook URL points to a private address \(localhost is (127\.0\.0\.1|::1)\)\./,
      ),
    });
    for (const url of literalPrivateTargets('8080')) {
      await expect(setWebhookUrl(ctx.app.deps, userId, url, testAuditOf(userId)), url).rejects.toMatchObject({
        statusCode: 400,
        code: 'PRIVATE_WEBHOOK_TARGET',
        message: expect.stringContaining('ALLOW_PRIVATE_WEBHOOK_TARGETS=true'),
      });
    }
    expect((await webhookSettingsFor(ctx.app.deps, userId)).webhookUrl).toBeNull();
  });

  it('saves a local receiver by default while every provider is a sandbox', async () => {
    const local = await buildTestApp();
    try {
      const { userId } = await insertTestMerchant(local.app);
      for (const url of ['http://127.0.0.1:4000/hooks', 'http://localhost:4000/hooks']) {
        await setWebhookUrl(local.app.deps, userId, url, testAuditOf(userId));
        expect((await webhookSettingsFor(local.app.deps, userId)).webhookUrl).toBe(url);
      }
    } finally {
      await local.close();
    }
  });

  it('rolls the secret: a new one, the old one still signing for the configured overlap', async () => {
    const { userId } = await insertTestMerchant(ctx.app);
    await setWebhookUrl(ctx.app.deps, userId, 'https://shop.example.com/hooks', testAuditOf(userId));
    const before = await webhookSettingsFor(ctx.app.deps, userId);

    const rolled = await rollEndpointSecret(ctx.app.deps, userId, testAuditOf(userId));

    expect(rolled?.webhookSecret).toMatch(/^whsec_/);
    expect(rolled?.webhookSecret).not.toBe(before.webhookSecret);
    const expiresIn = new Date(rolled?.previousSecretExpiresAt ?? 0).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000);
    expect(await webhookSettingsFor(ctx.app.deps, userId)).toEqual(rolled);
  });
});
