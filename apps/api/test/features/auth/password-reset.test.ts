import { FORGOT_PASSWORD_SENT, PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '@bizdash/shared';
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

const NEW_PASSWORD = 'N3w!Passw0rdToo';

describe('forgot password and reset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const forgot = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (token: string, password = NEW_PASSWORD) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const signIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  const mails = (address: string) => ctx.app.deps.email.mailbox(address);

  /** Asks for a link and returns the token the email carries (the link is sent just after the answer). */
  async function emailedToken(merchant: Merchant, count = 1) {
    expect((await forgot(merchant.email)).statusCode).toBe(202);
    const message = await vi.waitFor(
      async () => {
        const resets = (await mails(merchant.email)).filter(
          (mail) => mail.subject === 'Reset your Bizdash password',
        );
        expect(resets).toHaveLength(count);
        return resets[0];
      },
      { timeout: 5_000 },
    );
    const token = message?.text.match(/\/reset-password#token=([\w-]{43})/)?.[1];
    if (!token) throw new Error(`no link in ${message?.text}`);
    return token;
  }

  it('answers the same for an address with an account and one without, and emails only the account', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const known = await forgot(merchant.email);
    const unknown = await forgot('nobody-here@example.com');

    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(unknown.body).toBe(known.body);
    await vi.waitFor(async () => expect(await mails(merchant.email)).toHaveLength(1), { timeout: 5_000 });
    expect(await mails('nobody-here@example.com')).toEqual([]);
    expect((await mails(merchant.email))[0]?.text).toContain('works once, for 30 minutes');
  });

  it('sets the new password, ends every session, and tells the merchant by email', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const token = await emailedToken(merchant);

    const response = await reset(token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PASSWORD_RESET_DONE });
    const me = await ctx.app.inject({
      url: `/api/users/${merchant.userId}`,
      headers: bearer(merchant.token),
    });
    expect(me.statusCode).toBe(401);
    expect((await signIn(merchant.email, merchant.password)).statusCode).toBe(401);
    expect((await signIn(merchant.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Told as after a change in Settings: the security.password_changed event's email, sent by the pipeline.
    await ctx.app.deps.jobs.runDueEvents();
    const told = (await mails(merchant.email)).filter(
      (mail) => mail.subject === 'Your Bizdash password was changed',
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Hello Adaeze,');
  });

  it('works once', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const token = await emailedToken(merchant);
    expect((await reset(token)).statusCode).toBe(200);

    const again = await reset(token, 'Th1rd!Password');

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: RESET_LINK_INVALID, code: 'RESET_LINK_INVALID' });
    expect((await signIn(merchant.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works for 30 minutes only', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const token = await emailedToken(merchant);
    await ctx.app.deps.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${merchant.userId}`,
    );

    expect((await reset(token)).json().code).toBe('RESET_LINK_INVALID');
    expect((await signIn(merchant.email, merchant.password)).statusCode).toBe(200);
  });

  it('lets only the newest link work when several were asked for', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const first = await emailedToken(merchant, 1);
    await emailedToken(merchant, 2);

    expect((await reset(first)).json().code).toBe('RESET_LINK_INVALID');
  });

  it('keeps only a hash of the token', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const token = await emailedToken(merchant);

    const rows = await sqlRows<{ token_hash: string }>(
      ctx.app,
      sql`select token_hash from password_resets where user_id = ${merchant.userId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('holds the new password to the sign-up rules', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const token = await emailedToken(merchant);

    const weak = await reset(token, 'password');

    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toContainEqual({
      path: 'password',
      message: 'Password must contain at least one uppercase letter',
    });
    expect((await reset(token)).statusCode).toBe(200);
  });
});
