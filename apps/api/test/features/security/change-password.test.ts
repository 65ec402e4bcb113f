import { CURRENT_PASSWORD_INCORRECT, PASSWORD_UPDATED } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, PASSWORD, signUpMerchant, sqlRows, type TestContext } from '../../helper.ts';

const NEW_PASSWORD = 'N3w!Passw0rdToo';

describe('change password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const change = (token: string, userId: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/change-password`,
      headers: bearer(token),
      payload: payload as object,
    });
  const signIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  const me = (token: string, userId: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: bearer(token) });

  it('sets the new password, ends every session, emails the merchant and writes the event', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const other = (await signIn(merchant.email, PASSWORD)).json() as { token: string };
    const response = await change(merchant.token, merchant.userId, {
      password: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PASSWORD_UPDATED });

    expect((await me(merchant.token, merchant.userId)).statusCode).toBe(401);
    expect((await me(other.token, merchant.userId)).statusCode).toBe(401);
    expect((await signIn(merchant.email, PASSWORD)).statusCode).toBe(401);
    const fresh = await signIn(merchant.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);

    // The email is the event's: sent by its subscriber once the pipeline runs.
    await ctx.app.deps.jobs.runDueEvents();
    const mails = await ctx.app.deps.email.mailbox(merchant.email);
    expect(mails.some((mail) => mail.subject === 'Your Bizdash password was changed')).toBe(true);
    const events = await sqlRows<{ event_type: string; payload: { data: { userId: string } } }>(
      ctx.app,
      sql`select event_type, payload from outbox_events where user_id = ${merchant.userId}::uuid`,
    );
    expect(events.filter((event) => event.event_type === 'security.password_changed')).toHaveLength(1);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await change(merchant.token, merchant.userId, {
      password: 'Wr0ng!Password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(CURRENT_PASSWORD_INCORRECT);
    expect((await me(merchant.token, merchant.userId)).statusCode).toBe(200);
    expect((await signIn(merchant.email, PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [
      { password: '', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      'Current Password is required',
    ],
    [
      { password: PASSWORD, newPassword: 'Aa1!', confirmPassword: 'Aa1!' },
      'Password must be at least 8 characters long',
    ],
    [
      { password: PASSWORD, newPassword: 'lower1!case', confirmPassword: 'lower1!case' },
      'Password must contain at least one uppercase letter',
    ],
    [
      { password: PASSWORD, newPassword: 'UPPER1!CASE', confirmPassword: 'UPPER1!CASE' },
      'Password must contain at least one lowercase letter',
    ],
    [
      { password: PASSWORD, newPassword: 'NoDigits!!', confirmPassword: 'NoDigits!!' },
      'Password must contain at least one number',
    ],
    [
      { password: PASSWORD, newPassword: 'NoSpecial12', confirmPassword: 'NoSpecial12' },
      'Password must contain at least one special character (@$!%*?&#)',
    ],
    [{ password: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: '' }, 'Please confirm your password'],
    [
      { password: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
      'Passwords must match',
    ],
    [
      { password: 42, newPassword: [NEW_PASSWORD], confirmPassword: { $ne: 1 } },
      'Current Password is required',
    ],
  ])('refuses %j with a clear 400', async (payload, message) => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await change(merchant.token, merchant.userId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect((await signIn(merchant.email, PASSWORD)).statusCode).toBe(200);
  });

  it("answers 404 for another merchant's id and changes nothing", async () => {
    const merchant = await signUpMerchant(ctx.app);
    const victim = await signUpMerchant(ctx.app);
    const response = await change(merchant.token, victim.userId, {
      password: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(404);
    expect((await me(victim.token, victim.userId)).statusCode).toBe(200);
    expect((await signIn(victim.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('change password and the sign-in throttle', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      rateLimit: {
        ipPerMinute: 100_000,
        accountPer15Minutes: 3,
        accountAcrossIpsPer15Minutes: 100_000,
        checkoutPerMinute: 100_000,
      },
    });
  });
  afterAll(() => ctx.close());

  it('counts wrong current passwords with sign-in attempts on the same account', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const wrong = { password: 'Wr0ng!Password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${merchant.userId}/change-password`,
        headers: bearer(merchant.token),
        payload: wrong,
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: merchant.email, password: PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
  });
});
