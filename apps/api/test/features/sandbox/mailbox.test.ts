import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertTestMerchant,
  sandboxKey,
  signUpMerchant,
  type TestContext,
  useTestApp,
} from '../../helper.ts';

const CUSTOMER = 'ngozi.customer@example.com';

describe('GET /api/sandbox/mailbox', () => {
  let ctx: TestContext;
  const read = (headers: Record<string, string> = {}, email = CUSTOMER) =>
    ctx.app.inject({ url: `/api/sandbox/mailbox?email=${encodeURIComponent(email)}`, headers });

  beforeAll(async () => {
    ctx = await buildTestApp();
    const { userId } = await insertTestMerchant(ctx.app);
    await ctx.app.deps.email.send({ to: CUSTOMER, userId, subject: 'Your receipt', text: 'Reference: BZ-1' });
    await ctx.app.deps.email.send({
      to: CUSTOMER,
      userId,
      subject: 'Your code',
      text: 'Your code is 123456',
    });
  });
  afterAll(() => ctx.close());

  it('shows the operator every email sent to an address, newest first, with the key from the start-up link', async () => {
    const response = await read(sandboxKey(ctx.app));
    expect(response.statusCode).toBe(200);
    expect(response.json().messages.map((message: { subject: string }) => message.subject)).toEqual([
      'Your code',
      'Your receipt',
    ]);
  });

  it('gives a stranger nothing: no key, a wrong key, the key in the query string, or a merchant session', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const [right] = Object.values(sandboxKey(ctx.app));
    const attempts = [
      await read(),
      await read({ 'x-sandbox-key': 'wrong' }),
      await read({ 'x-sandbox-key': `${right}x` }),
      await ctx.app.inject({ url: `/api/sandbox/mailbox?email=${CUSTOMER}&key=${right}` }),
      await read({ authorization: `Bearer ${merchant.token}` }, merchant.email),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error:
          'The sandbox mailbox needs its operator key: open the mailbox link the server printed when it started.',
        code: 'SANDBOX_KEY_REQUIRED',
      });
    }
  });

  it('refuses a stranger before looking at the query, and answers the operator a bad address with 400', async () => {
    expect((await read({}, 'not-an-address')).statusCode).toBe(401);
    const invalid = await read(sandboxKey(ctx.app), 'not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/sandbox/mailbox with SANDBOX_MAILBOX_KEY', () => {
  const configured = 'operator-chosen-key-0123456789';
  const ctx = useTestApp({ sandbox: { mailboxKey: configured } });

  it('takes the configured key instead of the derived one', async () => {
    const derived = await buildTestApp();
    try {
      const read = (key: string) =>
        ctx.app.inject({ url: `/api/sandbox/mailbox?email=${CUSTOMER}`, headers: { 'x-sandbox-key': key } });
      expect((await read(configured)).statusCode).toBe(200);
      expect((await read(Object.values(sandboxKey(derived.app))[0] ?? '')).statusCode).toBe(401);
    } finally {
      await derived.close();
    }
  });
});
