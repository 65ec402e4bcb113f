import {
  CURRENT_PASSWORD_INCORRECT,
  RECOVERY_CODES_REPLACED,
  TWO_FACTOR_ALREADY_ENABLED,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INCORRECT,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  TWO_FACTOR_SETUP_MISSING,
  twoFactorCodeUsed,
} from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, type Merchant, PASSWORD, signUpMerchant, sqlRows, useTestApp } from '../../helper.ts';

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Moves the clock (Date only) so a new time step begins: each code works once. */
const nextPeriod = () => vi.setSystemTime(Date.now() + 90_000);

describe('two-factor sign-in', () => {
  const ctx = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (merchant: Merchant, path: string, payload?: object, userId = merchant.userId) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/two-factor${path}`,
      headers: bearer(merchant.token),
      ...(payload ? { payload } : {}),
    });
  const status = (merchant: Merchant, userId = merchant.userId) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/users/${userId}/two-factor`,
      headers: bearer(merchant.token),
    });
  const signIn = (email: string, password = PASSWORD) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  const secondStep = (challengeToken: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/signin/two-factor', payload: { challengeToken, code } });
  const me = (token: string, userId: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: bearer(token) });
  const eventsOf = async (userId: string) =>
    (
      await sqlRows<{ event_type: string }>(
        ctx.app,
        sql`select event_type from outbox_events where user_id = ${userId}::uuid order by created_at`,
      )
    ).map((row) => row.event_type);

  /** A merchant with two-factor on: its secret and the ten recovery codes it was shown. */
  async function enrolled() {
    vi.useFakeTimers({ toFake: ['Date'] });
    const merchant = await signUpMerchant(ctx.app);
    const { secret } = (await post(merchant, '/setup')).json() as { secret: string };
    const enabled = await post(merchant, '/enable', { code: codeAt(secret) });
    expect(enabled.statusCode).toBe(200);
    nextPeriod();
    return { merchant, secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  async function challengeFor(merchant: Merchant) {
    // Two real sign-ins never get their challenges in the same millisecond; on the stopped test clock they would.
    if (vi.isFakeTimers()) vi.setSystemTime(Date.now() + 1);
    const response = await signIn(merchant.email);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { twoFactorRequired: true; challengeToken: string };
    expect(body).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
    expect(body).not.toHaveProperty('token');
    return body.challengeToken;
  }

  it('sets up with a QR code drawn here and a secret kept only sealed, and is off until a code confirms it', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const setup = await post(merchant, '/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = setup.json() as {
      secret: string;
      otpauthUrl: string;
      qrCodeDataUrl: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Bizdash:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(merchant.email));
    const svg = Buffer.from(qrCodeDataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const [row] = await sqlRows<{ secret_sealed: string; enabled_at: Date | null }>(
      ctx.app,
      sql`select secret_sealed, enabled_at from two_factor_secrets where user_id = ${merchant.userId}::uuid`,
    );
    expect(row?.secret_sealed).not.toContain(secret);
    expect(row?.enabled_at).toBeNull();
    expect((await status(merchant)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect((await signIn(merchant.email)).json()).toHaveProperty('token');
  });

  it('turns on with a code from the app, shows ten recovery codes once and keeps only their hashes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const merchant = await signUpMerchant(ctx.app);
    const { secret } = (await post(merchant, '/setup')).json() as { secret: string };
    const wrong = await post(merchant, '/enable', { code: codeAt(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(TWO_FACTOR_CODE_INCORRECT);

    const enabled = await post(merchant, '/enable', { code: codeAt(secret).replace(/(\d{3})/, '$1 ') });
    expect(enabled.statusCode).toBe(200);
    const { message, recoveryCodes } = enabled.json() as { message: string; recoveryCodes: string[] };
    expect(message).toBe(TWO_FACTOR_ENABLED);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    const stored = await sqlRows<{ code_hash: string }>(
      ctx.app,
      sql`select code_hash from two_factor_recovery_codes where user_id = ${merchant.userId}::uuid`,
    );
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));
    }
    const now = (await status(merchant)).json();
    expect(now).toEqual({ enabled: true, enabledAt: expect.any(String), recoveryCodesLeft: 10 });
    expect(await eventsOf(merchant.userId)).toContain('security.two_factor_enabled');

    const again = await post(merchant, '/setup');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(TWO_FACTOR_ALREADY_ENABLED);
  });

  it('refuses to turn on without a set-up', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await post(merchant, '/enable', { code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(TWO_FACTOR_SETUP_MISSING);
  });

  it('asks for a code after the password, and signs in with a code from the app only once', async () => {
    const { merchant, secret } = await enrolled();
    const challenge = await challengeFor(merchant);

    const wrong = await secondStep(challenge, codeAt(secret, 10));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      error: TWO_FACTOR_CODE_INCORRECT,
      code: 'SIGN_IN_CODE_INCORRECT',
    });

    const code = codeAt(secret);
    const done = await secondStep(challenge, code);
    expect(done.statusCode).toBe(200);
    const { token, userId } = done.json() as { token: string; userId: string };
    expect(userId).toBe(merchant.userId);
    expect((await me(token, userId)).statusCode).toBe(200);

    const replayed = await secondStep(await challengeFor(merchant), code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_USED' });
    expect(replayed.json().error).toMatch(/^That code was already used\. .* in \d+ seconds?\.$/);
    expect(await eventsOf(merchant.userId)).toContain('security.signed_in');
  });

  it('spends the challenge on a successful sign-in: used again, even with a new code, it is refused', async () => {
    const { merchant, secret, recoveryCodes } = await enrolled();
    const challenge = await challengeFor(merchant);
    expect((await secondStep(challenge, codeAt(secret))).statusCode).toBe(200);

    nextPeriod();
    for (const code of [codeAt(secret), recoveryCodes[0] as string]) {
      const again = await secondStep(challenge, code);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({
        error: TWO_FACTOR_CHALLENGE_EXPIRED,
        code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
      });
    }
    // Refused before any code was looked at: the recovery code is still there, the new app code still signs in.
    expect((await status(merchant)).json().recoveryCodesLeft).toBe(10);
    expect((await secondStep(await challengeFor(merchant), codeAt(secret))).statusCode).toBe(200);
  });

  it('signs in with the very code that turned two-factor on; a second sign-in with it is told to wait for the next', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 10 s into a 30-second step: the next code comes in 20 s.
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 10_000);
    const merchant = await signUpMerchant(ctx.app);
    const { secret } = (await post(merchant, '/setup')).json() as { secret: string };
    const code = codeAt(secret);
    expect((await post(merchant, '/enable', { code })).statusCode).toBe(200);

    const first = await secondStep(await challengeFor(merchant), code);
    expect(first.statusCode).toBe(200);

    const second = await secondStep(await challengeFor(merchant), code);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: twoFactorCodeUsed(20), code: 'TWO_FACTOR_CODE_USED' });
  });

  it('lets exactly one of two simultaneous sign-ins with the same code through', async () => {
    const { merchant, secret } = await enrolled();
    const [first, second] = [await challengeFor(merchant), await challengeFor(merchant)];
    const code = codeAt(secret);
    const answers = await Promise.all([secondStep(first, code), secondStep(second, code)]);
    // The loser is refused for whichever it meets first: its challenge spent by the winner's (a later challenge
    // spends the earlier ones) or the code already used.
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(refused.map((answer) => answer.json().code)).toEqual([
      expect.stringMatching(/^(TWO_FACTOR_CODE_USED|TWO_FACTOR_CHALLENGE_EXPIRED)$/),
    ]);
  });

  it('signs in with a recovery code, in any case and with or without its dash, and uses it up', async () => {
    const { merchant, recoveryCodes } = await enrolled();
    const [code] = recoveryCodes as [string];
    const done = await secondStep(await challengeFor(merchant), ` ${code.replace('-', '').toUpperCase()} `);
    expect(done.statusCode).toBe(200);
    const again = await secondStep(await challengeFor(merchant), code);
    expect(again.statusCode).toBe(401);
    expect((await status(merchant)).json().recoveryCodesLeft).toBe(9);
  });

  it('refuses an altered, expired or outdated challenge', async () => {
    const { merchant, secret } = await enrolled();
    const challenge = await challengeFor(merchant);
    const [header, payload, signature] = challenge.split('.') as [string, string, string];
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = encode({
      ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
      exp: 9_999_999_999,
    });
    for (const token of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature.slice(1)}x`,
      `${encode({ alg: 'none' })}.${payload}.`,
      'not-a-challenge',
    ]) {
      const response = await secondStep(token, codeAt(secret));
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);
    }

    vi.setSystemTime(Date.now() + 6 * 60_000);
    const late = await secondStep(challenge, codeAt(secret));
    expect(late.json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });

    const session = await secondStep(await challengeFor(merchant), codeAt(secret));
    const fresh = await challengeFor(merchant);
    const { token } = session.json() as { token: string };
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    nextPeriod();
    const afterSignOut = await secondStep(fresh, codeAt(secret));
    expect(afterSignOut.json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
  });

  it('never gives a challenge for a wrong password', async () => {
    const { merchant } = await enrolled();
    const response = await signIn(merchant.email, 'Wr0ng!Password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('challengeToken');
  });

  it('replaces the recovery codes with a code from the app; the old ones stop working', async () => {
    const { merchant, secret, recoveryCodes } = await enrolled();
    const replaced = await post(merchant, '/recovery-codes', { code: codeAt(secret) });
    expect(replaced.statusCode).toBe(200);
    const fresh = replaced.json() as { message: string; recoveryCodes: string[] };
    expect(fresh.message).toBe(RECOVERY_CODES_REPLACED);
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect((await secondStep(await challengeFor(merchant), recoveryCodes[0] as string)).statusCode).toBe(401);
    expect(
      (await secondStep(await challengeFor(merchant), fresh.recoveryCodes[0] as string)).statusCode,
    ).toBe(200);
  });

  it('turns off only with the password and a code, then signs in with the password alone', async () => {
    const { merchant, secret } = await enrolled();
    const wrongPassword = await post(merchant, '/disable', {
      password: 'Wr0ng!Password',
      code: codeAt(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toBe(CURRENT_PASSWORD_INCORRECT);
    const wrongCode = await post(merchant, '/disable', { password: PASSWORD, code: codeAt(secret, 10) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toBe(TWO_FACTOR_CODE_INCORRECT);
    expect((await status(merchant)).json().enabled).toBe(true);

    const off = await post(merchant, '/disable', { password: PASSWORD, code: codeAt(secret) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: TWO_FACTOR_DISABLED });
    expect((await status(merchant)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect((await signIn(merchant.email)).json()).toHaveProperty('token');
    expect(await eventsOf(merchant.userId)).toContain('security.two_factor_disabled');
  });

  it.each([
    ['/enable', { code: '12345' }, 'Enter the 6-digit code from your authenticator app'],
    ['/enable', { code: 'abcdef' }, 'Enter the 6-digit code from your authenticator app'],
    ['/enable', {}, 'Enter the 6-digit code from your authenticator app'],
    ['/recovery-codes', { code: ['123456'] }, 'Enter the 6-digit code from your authenticator app'],
    ['/disable', { password: '', code: '123456' }, 'Current Password is required'],
    [
      '/disable',
      { password: PASSWORD, code: '\u0000\u0007' },
      'Enter the 6-digit code from your authenticator app or a recovery code',
    ],
  ])('refuses %s %j with a clear 400', async (path, payload, message) => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await post(merchant, path, payload);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it("answers 404 for another merchant's id and changes nothing", async () => {
    const { merchant: victim, secret } = await enrolled();
    const attacker = await signUpMerchant(ctx.app);
    for (const [path, payload] of [
      ['/setup', undefined],
      ['/enable', { code: codeAt(secret) }],
      ['/recovery-codes', { code: codeAt(secret) }],
      ['/disable', { password: PASSWORD, code: codeAt(secret) }],
    ] as const) {
      expect((await post(attacker, path, payload, victim.userId)).statusCode).toBe(404);
    }
    expect((await status(attacker, victim.userId)).statusCode).toBe(404);
    expect((await status(victim)).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });
});

describe('two-factor codes and the sign-in throttle', () => {
  const ctx = useTestApp({
    rateLimit: {
      ipPerMinute: 100_000,
      accountPer15Minutes: 3,
      accountAcrossIpsPer15Minutes: 100_000,
      checkoutPerMinute: 100_000,
    },
  });

  it('limits code guesses at sign-in like password guesses', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const headers = bearer(merchant.token);
    const url = `/api/users/${merchant.userId}/two-factor`;
    const { secret } = (await ctx.app.inject({ method: 'POST', url: `${url}/setup`, headers })).json();
    await ctx.app.inject({
      method: 'POST',
      url: `${url}/enable`,
      headers,
      payload: { code: codeAt(secret) },
    });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: merchant.email, password: PASSWORD },
    });
    const { challengeToken } = signIn.json() as { challengeToken: string };
    const guess = (code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin/two-factor',
        payload: { challengeToken, code },
      });
    for (const code of ['000000', '111111', '222222']) expect((await guess(code)).statusCode).toBe(401);
    const limited = await guess(codeAt(secret, 1));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
