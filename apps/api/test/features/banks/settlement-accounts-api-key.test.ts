import type { BankAccount } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
  walletIdsOf,
} from '../../helper.ts';
import { createApp, generateKey } from '../api-keys/api-key-fixtures.ts';
import { settlementAccount } from '../payouts/payout-fixtures.ts';

const REFUSED = { error: 'This endpoint is not available with an API key.', code: 'API_KEY_NOT_ALLOWED' };

describe('settlement accounts with an API key (README, Build on Bizdash)', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    key = await generateKey(ctx.app, merchant);
    accountId = await settlementAccount(ctx.app, merchant.userId);
  });
  afterAll(() => ctx.close());

  const withKey = (request: { method?: 'GET' | 'POST'; url: string; payload?: object }, apiKey = key) =>
    ctx.app.inject({ ...request, headers: bearer(apiKey) });

  it("lists the merchant's accounts, as the dashboard does, so a server can choose a payout's bankAccountId", async () => {
    const listed = await withKey({ url: '/api/bank/accounts' });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as BankAccount[]).map((account) => account.recordId)).toEqual([accountId]);
    const dashboard = await ctx.app.inject({ url: '/api/bank/accounts', headers: bearer(merchant.token) });
    expect(listed.json()).toEqual(dashboard.json());
  });

  it("an app's key lists the app's accounts only", async () => {
    const { recordId: appId } = await createApp(ctx.app, merchant);
    const appAccount = await settlementAccount(ctx.app, appId);
    const listed = await withKey({ url: '/api/bank/accounts' }, await generateKey(ctx.app, merchant, appId));
    expect((listed.json() as BankAccount[]).map((account) => account.recordId)).toEqual([appAccount]);
  });

  it('refuses adding, name enquiry and deactivating with 401 API_KEY_NOT_ALLOWED, and changes nothing', async () => {
    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    const nuban = { bankCode: '058', accountNumber: '0123456785' };
    const refused = [
      { method: 'POST' as const, url: '/api/bank/resolve-account', payload: nuban },
      {
        method: 'POST' as const,
        url: '/api/bank/add-nigeria-bank',
        payload: { ...nuban, userWalletRecordId: wallets.NGN, accountType: 'current' },
      },
      { method: 'POST' as const, url: `/api/bank/accounts/${accountId}/deactivate` },
    ];
    for (const request of refused) {
      const response = await withKey(request);
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json()).toEqual(REFUSED);
    }
    const rows = await sqlRows<{ status: string }>(
      ctx.app,
      sql`select status from bank_accounts where user_id = ${merchant.userId}::uuid`,
    );
    expect(rows).toEqual([{ status: 'ACTIVE' }]);
  });
});
