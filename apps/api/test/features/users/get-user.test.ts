import { ApiKeyDetailsSchema, BankAccountListSchema, UserSchema } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  type TestContext,
  walletIdsOf,
} from '../../helper.ts';
import { generateKey, updateApiDetails } from '../api-keys/api-key-fixtures.ts';
import { addNigeriaBank, GTB, GTB_ACCOUNT } from '../banks/bank-fixtures.ts';
import { addMember } from '../platform/member-fixtures.ts';

/** The statements the app sends its database while `work` runs (its driver's query calls), by their text. */
async function statementsDuring(app: FastifyInstance, work: () => Promise<unknown>): Promise<string[]> {
  const { session } = (app.deps.database.db as unknown as { _: { session: { client: object } } })._;
  const client = session.client as { query: (statement: string | { text: string }) => unknown };
  const query = vi.spyOn(client, 'query');
  try {
    await work();
    return query.mock.calls.map(([statement]) =>
      typeof statement === 'string' ? statement : statement.text,
    );
  } finally {
    query.mockRestore();
  }
}

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

  /** An NGN settlement account at GTBank, added as the bank form adds one. */
  const addSettlementAccount = async (merchant: Merchant) => {
    const added = await addNigeriaBank(ctx.app, merchant, {
      userWalletRecordId: (await walletIdsOf(ctx.app, merchant.userId)).NGN,
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
      accountType: 'savings',
    });
    expect(added.statusCode).toBe(201);
  };

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
    await addSettlementAccount(owner);
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

  it("reads the user, its wallets, settlement accounts, keys and webhook in one statement, as each feature's own call answers them", async () => {
    const owner = await signUpMerchant(ctx.app, { businessName: 'Efe Prints' });
    await addSettlementAccount(owner);
    await generateKey(ctx.app, owner);
    await generateKey(ctx.app, owner); // the first one now works until the overlap ends
    const saved = await updateApiDetails(ctx.app, owner, { webhookUrl: 'https://efe.example.com/hooks' });
    const details = ApiKeyDetailsSchema.parse(saved.json());
    expect(details.previousKeyExpiresAt).not.toBeNull();
    const accounts = await ctx.app.inject({ url: '/api/bank/accounts', headers: bearer(owner.token) });
    const read = () => ctx.app.inject({ url: `/api/users/${owner.userId}`, headers: bearer(owner.token) });
    await read(); // the token's version and the membership are kept from the first request on

    let response = await read();
    const statements = await statementsDuring(ctx.app, async () => (response = await read()));

    // Authentication reads nothing (ADR 018, ADR 070): the route's one statement is all.
    expect(statements).toHaveLength(1);
    for (const table of ['"users"', 'wallets', '"bank_accounts"', '"api_keys"', '"webhook_endpoints"'])
      expect(statements[0]).toContain(table);

    expect(response.statusCode).toBe(200);
    const user = UserSchema.parse(response.json());
    expect(user.apiKey).toEqual(details);
    expect(user.banks).toEqual(BankAccountListSchema.parse(accounts.json()));
    expect(user.banks).toHaveLength(1);
    expect(user.wallets.map((wallet) => wallet.currency)).toEqual(['NGN', 'USD']);
  });
});
