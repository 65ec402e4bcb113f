import { UserSchema } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableEndpoint } from '../../../src/features/webhooks/webhook-deliveries.repository.ts';
import { rollEndpointSecret } from '../../../src/features/webhooks/webhook-endpoints.service.ts';
import { findEndpoint } from '../../../src/features/webhooks/webhooks.repository.ts';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';
import { testAuditOf } from '../audit/audit-fixtures.ts';
import { createApp, updateApiDetails } from './api-key-fixtures.ts';

describe('the webhook URL through PUT /api/users/update-api-details', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  const apiKeyOf = async (userId: string) =>
    UserSchema.parse(
      (await ctx.app.inject({ url: `/api/users/${userId}`, headers: bearer(merchant.token) })).json(),
    ).apiKey;

  it('saves the URL, answers it with a whsec_ signing secret, and GET /api/users/{id} shows both', async () => {
    const response = await updateApiDetails(ctx.app, merchant, {
      webhookUrl: ' https://shop.example.com/hooks ',
    });
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details.webhookUrl).toBe('https://shop.example.com/hooks');
    expect(details.webhookSecret).toMatch(/^whsec_/);
    expect(await apiKeyOf(merchant.userId)).toMatchObject({
      webhookUrl: 'https://shop.example.com/hooks',
      webhookSecret: details.webhookSecret,
    });
  });

  it('keeps the secret when the URL changes', async () => {
    const before = (await apiKeyOf(merchant.userId)).webhookSecret;
    const response = await updateApiDetails(ctx.app, merchant, {
      webhookUrl: 'https://shop.example.com/v2/hooks',
    });
    expect(response.json()).toMatchObject({
      webhookUrl: 'https://shop.example.com/v2/hooks',
      webhookSecret: before,
    });
  });

  it('tells Developer Settings why deliveries stopped and until when a rolled secret still signs', async () => {
    const db = ctx.app.deps.database.db;
    const endpoint = await findEndpoint(db, merchant.userId);
    if (!endpoint) throw new Error('no endpoint');
    await disableEndpoint(db, endpoint.id, 'It answered 410 Gone.');
    await rollEndpointSecret(ctx.app.deps, merchant.userId, testAuditOf(merchant.userId));
    const details = await apiKeyOf(merchant.userId);
    expect(details.webhookDisabledReason).toBe('It answered 410 Gone.');
    expect(Date.parse(details.previousWebhookSecretExpiresAt ?? '')).toBeGreaterThan(Date.now());
    // Saving the URL again turns the endpoint back on.
    await updateApiDetails(ctx.app, merchant, { webhookUrl: details.webhookUrl ?? '' });
    expect((await apiKeyOf(merchant.userId)).webhookDisabledReason).toBeNull();
  });

  it("an app has a webhook of its own, apart from its merchant's", async () => {
    const app = await createApp(ctx.app, merchant, 'Webhook App');
    expect((await apiKeyOf(app.recordId)).webhookUrl).toBeNull();
    const response = await updateApiDetails(ctx.app, merchant, {
      userId: app.recordId,
      webhookUrl: 'https://app.example.com/hooks',
    });
    expect(response.statusCode).toBe(200);
    expect((await apiKeyOf(app.recordId)).webhookUrl).toBe('https://app.example.com/hooks');
    expect((await apiKeyOf(merchant.userId)).webhookUrl).toBe('https://shop.example.com/v2/hooks');
  });

  it("refuses a URL that is not http(s) with SPEC's 'Invalid webhook URL'", async () => {
    const response = await updateApiDetails(ctx.app, merchant, { webhookUrl: 'mailto:ops@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid webhook URL');
  });
});
