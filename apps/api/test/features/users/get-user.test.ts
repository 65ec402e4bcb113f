import { UserSchema } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';

describe('GET /api/users/{id}', () => {
  let ctx: TestContext;
  let merchantA: Merchant;
  let merchantB: Merchant;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchantA = await signUpMerchant(ctx.app, { firstName: 'Amaka', businessName: 'Amaka Stores' });
    merchantB = await signUpMerchant(ctx.app, { firstName: 'Bola', businessName: 'Bola Gadgets' });
  });
  afterAll(() => ctx.close());

  it('returns the User entity of the spec with both wallets', async () => {
    const response = await ctx.app.inject({
      url: `/api/users/${merchantA.userId}`,
      headers: bearer(merchantA.token),
    });

    expect(response.statusCode).toBe(200);
    const user = UserSchema.parse(response.json());
    expect(user).toMatchObject({
      recordId: merchantA.userId,
      status: 'PENDING_KYC',
      firstName: 'Amaka',
      lastName: 'Okafor',
      email: merchantA.email,
      businessName: 'Amaka Stores',
      countryOfBusiness: 'Nigeria',
      chargeCheckoutFeeToCustomer: false,
      apiKey: { apiKey: null, webhookUrl: null },
      banks: [],
    });
    expect(user.wallets.map((wallet) => wallet.currency)).toEqual(['NGN', 'USD']);
  });

  it("answers A's request for B's user with 404 and nothing of B", async () => {
    const response = await ctx.app.inject({
      url: `/api/users/${merchantB.userId}`,
      headers: bearer(merchantA.token),
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'User not found', code: 'NOT_FOUND' });
    expect(response.body).not.toMatch(/Bola|merchant-/);
  });

  it("answers a user_id header naming B with 404 even on A's own user", async () => {
    const response = await ctx.app.inject({
      url: `/api/users/${merchantA.userId}`,
      headers: { ...bearer(merchantA.token), user_id: merchantB.userId },
    });
    expect(response.statusCode).toBe(404);
  });

  it('accepts a user_id header naming the merchant itself', async () => {
    const response = await ctx.app.inject({
      url: `/api/users/${merchantA.userId}`,
      headers: { ...bearer(merchantA.token), user_id: merchantA.userId, source_system: 'bizdash' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a malformed id with 400 and a message, and a malformed user_id header with 404', async () => {
    const badPath = await ctx.app.inject({ url: '/api/users/not-a-uuid', headers: bearer(merchantA.token) });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().error).toBe('User ID is invalid');

    const badHeader = await ctx.app.inject({
      url: `/api/users/${merchantA.userId}`,
      headers: { ...bearer(merchantA.token), user_id: "1' or '1'='1" },
    });
    expect(badHeader.statusCode).toBe(404);
  });
});
