import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  TEST_JWT_SECRET,
  type TestContext,
  useTestApp,
} from '../../helper.ts';

const secret = new TextEncoder().encode(TEST_JWT_SECRET);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('bearer tokens on GET /api/users/{id}', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => ctx.close());

  const getMe = (headers: Record<string, string>) =>
    ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers });
  const now = () => Math.floor(Date.now() / 1000);
  const claims = () => ({ sub: merchant.userId, tv: 0 });

  it('accepts the token sign-up returned', async () => {
    expect((await getMe(bearer(merchant.token))).statusCode).toBe(200);
  });

  const attacks: [string, () => Promise<string> | string][] = [
    ['no token at all', () => ''],
    ['a malformed token', () => 'not.a.jwt'],
    [
      'alg none',
      () =>
        `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims(), iat: now(), exp: now() + 600 })}.`,
    ],
    [
      'a token signed with another secret',
      () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
    ],
    [
      'HS384 with the same secret',
      () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS384' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(secret),
    ],
    [
      'no exp claim',
      () => new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(secret),
    ],
    [
      'an expired token',
      () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(now() - 7200)
          .setExpirationTime(now() - 60)
          .sign(secret),
    ],
    [
      'a token for a user that does not exist',
      () =>
        new SignJWT({ sub: '00000000-0000-4000-8000-000000000000', tv: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(secret),
    ],
    ...[
      ['a subject that is not a uuid', { sub: 'not-a-uuid', tv: 0 }],
      ['a subject with a NUL character', { sub: 'a\u0000b', tv: 0 }],
      [
        'a token version that is not a whole number',
        { sub: '00000000-0000-4000-8000-000000000000', tv: 0.5 },
      ],
    ].map(([name, payload]): [string, () => Promise<string>] => [
      `a correctly signed token with ${name}`,
      () =>
        new SignJWT(payload as Record<string, unknown>)
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(secret),
    ]),
  ];

  it.each(attacks)('refuses %s with 401', async (_name, makeToken) => {
    const token = await makeToken();
    const response = await getMe(token ? bearer(token) : {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' });
    expect(response.body).not.toContain(merchant.email);
  });
});

describe('POST /api/auth/logout', () => {
  const ctx = useTestApp();

  it('ends every token issued before it, and later sign-ins work', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: merchant.email, password: merchant.password },
    });
    const secondDevice = signIn.json().token as string;

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(merchant.token),
    });
    expect(logout.statusCode).toBe(204);

    for (const token of [merchant.token, secondDevice]) {
      const response = await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: merchant.email, password: merchant.password },
    });
    const fresh = await ctx.app.inject({
      url: `/api/users/${merchant.userId}`,
      headers: bearer(again.json().token),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a logout without a token with 401', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});
