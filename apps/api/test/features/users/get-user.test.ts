import { UserSchema } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  type TestContext,
  walletIdsOf,
} from '../../helper.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';
import { nubanOf } from '../banks/bank-fixtures.ts';
import { addMember } from '../platform/member-fixtures.ts';

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

  it('shows a finance member the business without its API key or webhook secret; the owner and a developer still see them', async () => {
    const owner = await signUpMerchant(ctx.app, { businessName: 'Chidi Textiles' });
    const key = await generateKey(ctx.app, owner);
    const finance = await addMember(ctx.app, owner, 'finance');
    const developer = await addMember(ctx.app, owner, 'developer');
    const userOf = async (headers: Record<string, string>) => {
      const response = await ctx.app.inject({ url: `/api/users/${owner.userId}`, headers });
      expect(response.statusCode).toBe(200);
      return { body: response.body, user: UserSchema.parse(response.json()) };
    };

    const seenByFinance = await userOf(finance.forBusiness);
    expect(seenByFinance.user).toMatchObject({ recordId: owner.userId, businessName: 'Chidi Textiles' });
    expect(seenByFinance.user.apiKey).toMatchObject({
      apiKey: null,
      webhookSecret: null,
      webhookUrl: null,
      createdAt: null,
      lastUsedAt: null,
    });
    expect(seenByFinance.body).not.toContain(key.slice(0, 13));
    expect((await userOf(developer.forBusiness)).user.apiKey.apiKey).toBe(key);
    expect((await userOf(bearer(owner.token))).user.apiKey.apiKey).toBe(key);
  });

  it('lists the settlement accounts to a finance member and none to a developer (money.read)', async () => {
    const owner = await signUpMerchant(ctx.app);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/bank/add-nigeria-bank',
      headers: bearer(owner.token),
      payload: {
        userWalletRecordId: (await walletIdsOf(ctx.app, owner.userId)).NGN,
        bankCode: '058',
        accountNumber: nubanOf('058', '012345678'),
        accountType: 'savings',
      },
    });
    expect(added.statusCode).toBe(201);
    const banksSeenBy = async (role: 'finance' | 'developer') => {
      const member = await addMember(ctx.app, owner, role);
      const response = await ctx.app.inject({
        url: `/api/users/${owner.userId}`,
        headers: member.forBusiness,
      });
      return UserSchema.parse(response.json()).banks;
    };
    expect(await banksSeenBy('finance')).toHaveLength(1);
    expect(await banksSeenBy('developer')).toEqual([]);
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
