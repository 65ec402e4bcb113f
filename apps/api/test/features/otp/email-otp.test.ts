import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpCodes } from '../../../src/db/schema/index.ts';
import { bearer, type Merchant, sandboxKey, signUpMerchant, useTestApp } from '../../helper.ts';

describe('GET and POST /api/users/otp', () => {
  const ctx = useTestApp();

  const requestCode = (merchant: Merchant, email = merchant.email) =>
    ctx.app.inject({
      url: `/api/users/otp?email=${encodeURIComponent(email)}`,
      headers: bearer(merchant.token),
    });
  const submitCode = (merchant: Merchant, otp: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/otp',
      headers: bearer(merchant.token),
      payload: { email: merchant.email, otp },
    });
  async function codeFromMailbox(email: string): Promise<string> {
    const response = await ctx.app.inject({
      url: `/api/sandbox/mailbox?email=${encodeURIComponent(email)}`,
      headers: sandboxKey(ctx.app),
    });
    const code = /\b(\d{6})\b/.exec(response.json().messages[0].subject)?.[1];
    if (!code) throw new Error('no code in the sandbox mailbox');
    return code;
  }
  const isVerified = async (merchant: Merchant) =>
    (await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) })).json()
      .emailVerified;

  it('emails a 6-digit code that verifies the address once', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const sent = await requestCode(merchant);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'We sent a 6-digit code to your email address.' });
    const code = await codeFromMailbox(merchant.email);

    const verified = await submitCode(merchant, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Email address verified', emailVerified: true });
    expect(await isVerified(merchant)).toBe(true);

    const replay = await submitCode(merchant, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('This code has expired. Request a new one.');
  });

  it('locks the code after 5 wrong tries, even for the right code', async () => {
    const merchant = await signUpMerchant(ctx.app);
    await requestCode(merchant);
    const code = await codeFromMailbox(merchant.email);
    const wrong = code === '000000' ? '111111' : '000000';

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await submitCode(merchant, wrong);
      expect(response.json().error).toBe('The code is incorrect. Please try again.');
    }
    const locked = await submitCode(merchant, code);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error).toBe('Too many wrong attempts. Request a new code.');
    expect(await isVerified(merchant)).toBe(false);
  });

  it('refuses a code older than 10 minutes', async () => {
    const merchant = await signUpMerchant(ctx.app);
    await requestCode(merchant);
    const code = await codeFromMailbox(merchant.email);
    await ctx.app.deps.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.userId, merchant.userId));

    const response = await submitCode(merchant, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('This code has expired. Request a new one.');
  });

  it('only honours the newest code', async () => {
    const merchant = await signUpMerchant(ctx.app);
    await requestCode(merchant);
    const first = await codeFromMailbox(merchant.email);
    await requestCode(merchant);
    const second = await codeFromMailbox(merchant.email);

    if (first !== second) expect((await submitCode(merchant, first)).statusCode).toBe(400);
    expect((await submitCode(merchant, second)).statusCode).toBe(200);
  });

  it("answers a request for another merchant's address with 404 and sends nothing", async () => {
    const merchantA = await signUpMerchant(ctx.app);
    const merchantB = await signUpMerchant(ctx.app);
    const response = await requestCode(merchantA, merchantB.email);

    expect(response.statusCode).toBe(404);
    const mailbox = await ctx.app.inject({
      url: `/api/sandbox/mailbox?email=${encodeURIComponent(merchantB.email)}`,
      headers: sandboxKey(ctx.app),
    });
    expect(mailbox.json().messages).toEqual([]);
  });

  it('rejects a code that is not 6 digits with 400', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await submitCode(merchant, '12ab');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Enter the 6-digit code');
  });
});
