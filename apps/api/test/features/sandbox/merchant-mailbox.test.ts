import type { SandboxEmail } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  type TestContext,
  useTestApp,
} from '../../helper.ts';
import { createApp, generateKey } from '../api-keys/api-key-fixtures.ts';
import { createProduct, pay, startBody } from '../checkout/checkout-fixtures.ts';

describe('GET /api/sandbox/my-mailbox', () => {
  let ctx: TestContext;
  let merchantA: Merchant;
  let merchantB: Merchant;

  const read = (headers: Record<string, string>) =>
    ctx.app.inject({ url: '/api/sandbox/my-mailbox', headers });
  const subjectsOf = (messages: SandboxEmail[]) => messages.map((message) => message.subject);
  const requestCode = (merchant: Merchant) =>
    ctx.app.inject({
      url: `/api/users/otp?email=${encodeURIComponent(merchant.email)}`,
      headers: bearer(merchant.token),
    });

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchantA = await signUpMerchant(ctx.app, { businessName: 'Amaka Bakes' });
    merchantB = await signUpMerchant(ctx.app, { businessName: 'Bode Prints' });
    await requestCode(merchantA);
    await requestCode(merchantB);

    const cake = await createProduct(ctx.app, merchantA, { productName: 'Birthday cake' });
    await pay(ctx.app, cake.recordId, startBody(undefined, { customerEmail: 'chioma@example.com' }));
    const shop = await createApp(ctx.app, merchantA, 'Amaka Online');
    const cupcakes = await createProduct(ctx.app, merchantA, { productName: 'Cupcakes' }, shop.recordId);
    await pay(ctx.app, cupcakes.recordId, startBody(undefined, { customerEmail: 'tobi@example.com' }));
    const poster = await createProduct(ctx.app, merchantB, { productName: 'Poster' });
    await pay(ctx.app, poster.recordId, startBody(undefined, { customerEmail: 'chioma@example.com' }));
    await ctx.app.deps.jobs.runDueEvents();
  });
  afterAll(() => ctx.close());

  it("shows a merchant their codes and their own and their apps' customers' receipts, newest first", async () => {
    const response = await read(bearer(merchantA.token));

    expect(response.statusCode).toBe(200);
    const { messages } = response.json() as { messages: SandboxEmail[] };
    expect(subjectsOf(messages)).toEqual([
      expect.stringMatching(/^Your receipt from Amaka Online: /),
      expect.stringMatching(/^Your receipt from Amaka Bakes: /),
      expect.stringMatching(/^\d{6} is your Bizdash verification code$/),
    ]);
    expect(messages.map((message) => message.to)).toEqual([
      'tobi@example.com',
      'chioma@example.com',
      merchantA.email,
    ]);
  });

  it("gives merchant B none of A's mail, not even A's customer's receipt to an address B's customer shares", async () => {
    const { messages } = (await read(bearer(merchantB.token))).json() as { messages: SandboxEmail[] };

    expect(subjectsOf(messages)).toEqual([
      expect.stringMatching(/^Your receipt from Bode Prints: /),
      expect.stringMatching(/^\d{6} is your Bizdash verification code$/),
    ]);
    expect(messages.map((message) => message.to)).toEqual(['chioma@example.com', merchantB.email]);
    expect(JSON.stringify(messages)).not.toContain('Amaka');
  });

  it('is for the signed-in person only: an API key and a missing session read nothing', async () => {
    const key = await generateKey(ctx.app, merchantA);

    const withKey = await read(bearer(key));
    expect(withKey.statusCode).toBe(401);
    expect(withKey.json()).toEqual({
      error: 'This endpoint is not available with an API key.',
      code: 'API_KEY_NOT_ALLOWED',
    });
    const anonymous = await read({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).not.toHaveProperty('messages');
  });
});

describe('GET /api/sandbox/my-mailbox with real email', () => {
  const ctx = useTestApp({
    email: { provider: 'smtp', from: 'Bizdash <no-reply@example.com>', smtpUrl: 'smtp://127.0.0.1:2525' },
  });

  it('does not exist outside the sandbox', async () => {
    const merchant = await signUpMerchant(ctx.app);

    const response = await ctx.app.inject({
      url: '/api/sandbox/my-mailbox',
      headers: bearer(merchant.token),
    });

    expect(response.statusCode).toBe(404);
  });
});
