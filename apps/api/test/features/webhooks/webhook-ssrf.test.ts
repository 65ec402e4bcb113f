import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { webhookPolicy } from '../../../src/features/webhooks/webhook-endpoints.service.ts';
import { postWebhook } from '../../../src/features/webhooks/webhook-sender.ts';
import { newSecret, secretContext } from '../../../src/features/webhooks/webhook-signing.ts';
import { upsertEndpointUrl } from '../../../src/features/webhooks/webhooks.repository.ts';
import { sendTestWebhook } from '../../../src/features/webhooks/webhooks.service.ts';
import type { OutboundPolicy } from '../../../src/lib/outbound-http.ts';
import { buildTestApp, dbOf, insertTestMerchant, signUpMerchant, type TestContext } from '../../helper.ts';
import { updateApiDetails } from '../api-keys/api-key-fixtures.ts';
import {
  deliverNow,
  literalPrivateTargets,
  makeRetriesDue,
  onlyDeliveryOf,
  type Receiver,
  startReceiver,
  webhookTestConfig,
} from './webhook-fixtures.ts';

/** What the delivery log says of a refused address: which one, why, and the setting that allows it. */
const PRIVATE_TARGET_REFUSAL =
  /^Webhook URL points to a private address \(.+\)\. .*ALLOW_PRIVATE_WEBHOOK_TARGETS=true\.$/;

describe('webhooks never reach private, loopback or link-local addresses (SSRF)', () => {
  let ctx: TestContext;
  let canary: Receiver;

  /**
   * An endpoint saved straight into the database, as one whose host name resolved publicly when it was saved and
   * privately now would be (setWebhookUrl refuses literal private addresses up front).
   */
  async function endpointAt(url: string) {
    const { userId } = await insertTestMerchant(ctx.app);
    const id = crypto.randomUUID();
    const secretSealed = ctx.app.deps.secretBox.seal(newSecret(), secretContext(id));
    await upsertEndpointUrl(dbOf(ctx.app), { id, userId, url, secretSealed });
    await sendTestWebhook(ctx.app.deps, userId, 'payment.succeeded');
    return userId;
  }
  const send = (url: string, policy: OutboundPolicy) =>
    postWebhook({ url, policy, timeoutMs: 2_000, headers: {}, body: '{}' });

  beforeAll(async () => {
    ctx = await buildTestApp(webhookTestConfig({ allowPrivateTargets: false }));
    canary = await startReceiver();
  });
  afterAll(async () => {
    await canary.close();
    await ctx.close();
  });

  it('refuses every address of the corpus, at each attempt; the canary on 127.0.0.1 receives no connection', async () => {
    const port = new URL(canary.url).port;
    // A host name resolving to loopback, then every literal spelling.
    const corpus = [`http://localhost:${port}/hooks`, ...literalPrivateTargets(port)];
    const users = [];
    for (const url of corpus) users.push({ url, userId: await endpointAt(url) });

    for (let attempt = 1; attempt <= 2; attempt++) {
      await makeRetriesDue(ctx.app);
      while ((await deliverNow(ctx.app)) > 0) {
        // Every delivery was due once; each batch records its refusals.
      }
      for (const { url, userId } of users) {
        expect(await onlyDeliveryOf(ctx.app, userId), url).toMatchObject({
          status: 'pending',
          attempts: attempt,
          last_response_code: null,
          last_error: expect.stringMatching(PRIVATE_TARGET_REFUSAL),
        });
      }
    }
    expect(canary.connections).toBe(0);
  });

  it('judges the address actually connected to, on each new connection (DNS rebinding)', async () => {
    let publicNow = true;
    // A name that resolved to a public address, then to loopback: the check is the lookup the socket uses.
    const rebinding: OutboundPolicy = { protocols: ['http:'], isAllowedAddress: () => publicNow };
    const url = canary.url.replace('127.0.0.1', 'localhost');

    expect((await send(url, rebinding)).code).toBe(200);
    const before = canary.connections;
    expect(before).toBeGreaterThan(0);
    publicNow = false;
    // A later attempt on a new connection (the receiver closed the last) is refused before it is made.
    await canary.close().catch(() => undefined);
    canary = await startReceiver(undefined, '127.0.0.1');
    const again = await send(canary.url.replace('127.0.0.1', 'localhost'), rebinding);
    expect(again).toMatchObject({
      code: null,
      error: expect.stringMatching(/^Webhook URL points to a private address \((127\.0\.0\.1|::1)\)\./),
    });
    expect(canary.connections).toBe(0);
  });

  it('does not follow a redirect to an internal address', async () => {
    // The redirecting server stands for a public one (127.0.0.2 is allowed here); its target, the canary, is not.
    const onlyRedirector: OutboundPolicy = {
      protocols: ['http:'],
      isAllowedAddress: (address) => address === '127.0.0.2',
    };
    const redirector = await startReceiver(
      () => ({ status: 302, headers: { location: canary.url } }),
      '127.0.0.2',
    );
    try {
      expect(await send(redirector.url, onlyRedirector)).toMatchObject({ code: 302 });
      expect(await send(canary.url, onlyRedirector)).toMatchObject({ code: null });
      expect(redirector.received).toHaveLength(1);
      expect(canary.connections).toBe(0);
    } finally {
      await redirector.close();
    }
  });

  it('refuses to save a URL whose host is private, answering why and the setting that allows it', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await updateApiDetails(ctx.app, merchant, { webhookUrl: canary.url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.stringContaining('private address (127.0.0.1)'),
      code: 'PRIVATE_WEBHOOK_TARGET',
    });
    expect(response.json().error).toContain('ALLOW_PRIVATE_WEBHOOK_TARGETS=true');
    expect(canary.connections).toBe(0);
  });

  it('allows them when ALLOW_PRIVATE_WEBHOOK_TARGETS is true, or is unset while every provider is a sandbox', () => {
    const allowsLoopback = (env: NodeJS.ProcessEnv) =>
      webhookPolicy(loadConfig(env)).isAllowedAddress('127.0.0.1');
    expect(webhookPolicy(ctx.app.deps.config).isAllowedAddress('127.0.0.1')).toBe(false);
    expect(webhookPolicy(ctx.app.deps.config).isAllowedAddress('93.184.215.14')).toBe(true);
    expect(allowsLoopback({})).toBe(true);
    expect(allowsLoopback({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false' })).toBe(false);
    const realEmail = { EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example.com' };
    expect(allowsLoopback(realEmail)).toBe(false);
    expect(allowsLoopback({ ...realEmail, ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' })).toBe(true);
  });
});
