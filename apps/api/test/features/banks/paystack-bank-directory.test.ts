import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccountName } from '../../../src/providers/bank-directory/sandbox-bank-directory.ts';
import {
  buildTestApp,
  type Merchant,
  signUpMerchant,
  type TestContext,
  testConfig,
  walletIdsOf,
} from '../../helper.ts';
import { type PaystackApp, startPaystackApp } from '../../support/paystack-app.ts';
import type { PaystackStandIn } from '../../support/paystack-stand-in/paystack-stand-in.ts';
import {
  addNigeriaBank,
  GTB,
  GTB_ACCOUNT,
  GTB_UNKNOWN,
  listAccounts,
  resolveAccount,
} from './bank-fixtures.ts';

describe('name enquiry through Paystack (BANK_DIRECTORY_PROVIDER=paystack, issue 24 §3)', () => {
  let paystackApp: PaystackApp;
  let ctx: TestContext;
  let paystack: PaystackStandIn;
  let merchant: Merchant;

  beforeAll(async () => {
    paystackApp = await startPaystackApp(['bankDirectory']);
    ({ ctx, paystack } = paystackApp);
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => paystackApp?.close());

  it("names the holder as Paystack's account resolution does, and saves Paystack's name with the account", async () => {
    const response = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: GTB_ACCOUNT });
    expect(response.statusCode, response.body).toBe(200);
    const accountName = sandboxAccountName(GTB_ACCOUNT).toUpperCase();
    expect(response.json()).toEqual({ accountName, bankName: 'Guaranty Trust Bank' });
    expect(paystack.controls.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/bank/resolve',
      query: { account_number: GTB_ACCOUNT, bank_code: GTB },
    });

    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    const added = await addNigeriaBank(ctx.app, merchant, {
      userWalletRecordId: wallets.NGN,
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
      accountType: 'savings',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().accountHolderName).toBe(accountName);
    expect(await listAccounts(ctx.app, merchant)).toHaveLength(1);
  });

  it('says the account was not found when Paystack cannot resolve it', async () => {
    const response = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: GTB_UNKNOWN });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('asks to try again (not "not found") while Paystack is down or answers 500', async () => {
    paystack.controls.setDown(true);
    try {
      const response = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: GTB_ACCOUNT });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'ACCOUNT_NAME_UNAVAILABLE',
        error: 'The bank could not confirm the account name just now. Please try again.',
      });
    } finally {
      paystack.controls.setDown(false);
    }
    paystack.controls.failNext('GET', '/bank/resolve', 'server-error');
    const failed = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: GTB_ACCOUNT });
    expect(failed.json().code).toBe('ACCOUNT_NAME_UNAVAILABLE');
  });

  it('treats a key Paystack refuses as the directory being unavailable, never as "not found"', async () => {
    const wrongKey = await buildTestApp({
      banks: { ...testConfig().banks, directoryProvider: 'paystack' },
      paystack: { secretKey: 'sk_test_notthekey', baseUrl: paystack.url },
    });
    try {
      const someone = await signUpMerchant(wrongKey.app);
      const response = await resolveAccount(wrongKey.app, someone, {
        bankCode: GTB,
        accountNumber: GTB_ACCOUNT,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('ACCOUNT_NAME_UNAVAILABLE');
      expect(response.body).not.toContain('sk_test_');
    } finally {
      await wrongKey.close();
    }
  });
});
