import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Merchant, PASSWORD, signUpMerchant, type TestContext } from '../../helper.ts';

const PER_ADDRESS = 10;
const ALL_ADDRESSES = 100;
const STRANGER_ADDRESSES = Array.from({ length: 12 }, (_, index) => `198.51.100.${index + 1}`);

describe("a stranger's guesses from 12 addresses do not lock the owner out", () => {
  let ctx: TestContext;
  let owner: Merchant;
  let deviceToken: string;
  beforeAll(async () => {
    ctx = await buildTestApp({
      rateLimit: {
        ipPerMinute: 100_000,
        accountPer15Minutes: PER_ADDRESS,
        accountAcrossIpsPer15Minutes: ALL_ADDRESSES,
        checkoutPerMinute: 100_000,
      },
    });
    owner = await signUpMerchant(ctx.app);
    // The owner signed in on this laptop last week: the answer gave the laptop its device token.
    const earlier = await signIn({ email: owner.email, password: PASSWORD }, '192.0.2.1');
    expect(earlier.statusCode).toBe(200);
    deviceToken = earlier.json().deviceToken;
    expect(deviceToken).toEqual(expect.any(String));

    // 9 wrong passwords from each of 12 addresses: every address stays under its own limit, the account's
    // ceiling from all addresses (100) is passed.
    for (const address of STRANGER_ADDRESSES) {
      for (let guess = 0; guess < PER_ADDRESS - 1; guess++) {
        await signIn({ email: owner.email, password: `Guess${guess}!x` }, address);
      }
    }
  });
  afterAll(() => ctx.close());

  function signIn(payload: object, remoteAddress: string) {
    return ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload, remoteAddress });
  }

  it('the ceiling holds for a device the account has never signed in on', async () => {
    const unknown = await signIn({ email: owner.email, password: PASSWORD }, '203.0.113.99');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().code).toBe('RATE_LIMITED');
    const stranger = await signIn({ email: owner.email, password: 'Another!guess1' }, '203.0.113.98');
    expect(stranger.statusCode).toBe(429);
  });

  it('the owner with the right password on a known device gets in from a 13th address', async () => {
    const response = await signIn({ email: owner.email, password: PASSWORD, deviceToken }, '203.0.113.13');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userId: owner.userId, token: expect.any(String) });
  });

  it("a device token is no key: with a wrong password it is refused, and another account's token does not count", async () => {
    const wrong = await signIn(
      { email: owner.email, password: 'Wr0ng!Password', deviceToken },
      '203.0.113.14',
    );
    expect(wrong.statusCode).toBe(401);

    const other = await signUpMerchant(ctx.app);
    const otherDevice = (await signIn({ email: other.email, password: PASSWORD }, '203.0.113.15')).json()
      .deviceToken as string;
    const borrowed = await signIn(
      { email: owner.email, password: PASSWORD, deviceToken: otherDevice },
      '203.0.113.16',
    );
    expect(borrowed.statusCode).toBe(429);
  });

  it('a device token in the format signed before ADR 045 still counts until it expires', async () => {
    // That format: the claims as base64url JSON, a dot, their HMAC-SHA256 under the known-device key.
    const legacyToken = (expiresAt: number) => {
      const claims = { m: owner.email.toLowerCase(), n: 'AAAAAAAAAAA', e: Math.floor(expiresAt / 1000) };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const key = ctx.app.deps.keys.derive('known-device');
      return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    };
    const current = legacyToken(Date.now() + 86_400_000);
    const known = await signIn(
      { email: owner.email, password: PASSWORD, deviceToken: current },
      '203.0.113.18',
    );
    expect(known.statusCode).toBe(200);
    const expired = legacyToken(Date.now() - 1000);
    const late = await signIn(
      { email: owner.email, password: PASSWORD, deviceToken: expired },
      '203.0.113.19',
    );
    expect(late.statusCode).toBe(429);
  });

  it('password reset: the owner asking from a 13th address is answered like anyone, after the strangers passed the ceiling', async () => {
    const forgot = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: owner.email },
        remoteAddress,
      });
    for (const address of STRANGER_ADDRESSES) {
      for (let request = 0; request < PER_ADDRESS - 1; request++) await forgot(address);
    }
    const fromOwner = await forgot('203.0.113.13');
    expect(fromOwner.statusCode).toBe(202);
    expect(fromOwner.json()).toEqual((await forgot('203.0.113.17')).json());
  });
});
