import { describe, expect, it } from 'vitest';
import { merchantInput, signUpMerchant, useTestApp } from '../../helper.ts';

describe('POST /api/auth/signin', () => {
  const ctx = useTestApp();

  const signIn = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload });

  it('returns a token for the right email (any case) and password', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await signIn({ email: merchant.email.toUpperCase(), password: merchant.password });

    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBe(merchant.userId);
    const me = await ctx.app.inject({
      url: `/api/users/${merchant.userId}`,
      headers: { authorization: `Bearer ${response.json().token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const wrongPassword = await signIn({ email: merchant.email, password: 'Wr0ng!Password' });
    const unknownEmail = await signIn({ email: 'nobody@example.com', password: merchant.password });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('compares all 128 characters of a long password, never a truncated prefix', async () => {
    const password = `Aa1!${'z'.repeat(124)}`;
    const merchant = await signUpMerchant(ctx.app, { password });

    expect((await signIn({ email: merchant.email, password })).statusCode).toBe(200);
    expect((await signIn({ email: merchant.email, password: password.slice(0, 127) })).statusCode).toBe(401);
    expect((await signIn({ email: merchant.email, password: `${password.slice(0, 127)}y` })).statusCode).toBe(
      401,
    );
  });

  it('rejects a missing password with 400', async () => {
    const response = await signIn({ email: merchantInput().email });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Password is required');
  });
});
