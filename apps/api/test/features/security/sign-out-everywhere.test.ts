import { describe, expect, it } from 'vitest';
import { bearer, PASSWORD, signUpMerchant, useTestApp } from '../../helper.ts';

describe('sign out everywhere', () => {
  const ctx = useTestApp();

  const me = (token: string, userId: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: bearer(token) });
  const signOutEverywhere = (token: string, userId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/sign-out-everywhere`,
      headers: bearer(token),
    });

  it('ends every other session and keeps this one with the fresh token it answers', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: merchant.email, password: PASSWORD },
    });
    const otherToken = (other.json() as { token: string }).token;

    const response = await signOutEverywhere(merchant.token, merchant.userId);
    expect(response.statusCode).toBe(200);
    const fresh = response.json() as { token: string; userId: string };
    expect(fresh.userId).toBe(merchant.userId);

    expect((await me(fresh.token, merchant.userId)).statusCode).toBe(200);
    expect((await me(otherToken, merchant.userId)).statusCode).toBe(401);
    expect((await me(merchant.token, merchant.userId)).statusCode).toBe(401);
  });

  it("answers 404 for another merchant's id and signs nobody out", async () => {
    const merchant = await signUpMerchant(ctx.app);
    const victim = await signUpMerchant(ctx.app);
    expect((await signOutEverywhere(merchant.token, victim.userId)).statusCode).toBe(404);
    expect((await signOutEverywhere(merchant.token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await me(victim.token, victim.userId)).statusCode).toBe(200);
    expect((await me(merchant.token, merchant.userId)).statusCode).toBe(200);
  });

  it('refuses a request without a session', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${merchant.userId}/sign-out-everywhere`,
    });
    expect(response.statusCode).toBe(401);
  });
});
