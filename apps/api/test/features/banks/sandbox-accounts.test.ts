import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ACCOUNT_NOT_FOUND,
  accountNumberProblem,
  type BankAccount,
  NIGERIAN_BANKS,
  type Payout,
  SANDBOX_NAIRA_ACCOUNTS,
  SANDBOX_NAIRA_BANK,
} from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceDuePayouts } from '../../../src/features/payouts/payout-rail.service.ts';
import { bearer, buildTestApp, signUpMerchant, type TestContext, testConfig } from '../../helper.ts';
import { emailedCode, readyMerchant } from '../payouts/payout-fixtures.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');

/** Where a payout to each listed number stands a few seconds after it is sent, and after the rail's retry. */
const PAYOUT_STATES = {
  settles: { soon: 'SUCCESSFUL', later: 'SUCCESSFUL', failureReason: null },
  busy: { soon: 'PROCESSING', later: 'SUCCESSFUL', failureReason: null },
  closed: { soon: 'FAILED', later: 'FAILED', failureReason: 'Account closed' },
} as const;

describe('the sandbox Naira accounts (README, form help)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const { payouts } = testConfig();
    // No new-account hold, so a payout goes to the account just added.
    ctx = await buildTestApp({ payouts: { ...payouts, newAccountHoldHours: 0 } });
  });
  afterAll(() => ctx.close());

  it('are NUBANs of the named bank, so the form takes them', () => {
    expect(NIGERIAN_BANKS).toContainEqual(expect.objectContaining(SANDBOX_NAIRA_BANK));
    for (const account of SANDBOX_NAIRA_ACCOUNTS) {
      expect(
        accountNumberProblem(SANDBOX_NAIRA_BANK.bankCode, account.accountNumber),
        account.accountNumber,
      ).toBe(null);
    }
  });

  it('are each listed in the README with their outcome, one line each', () => {
    for (const account of SANDBOX_NAIRA_ACCOUNTS) {
      const lines = readme.split('\n').filter((line) => line.includes(`\`${account.accountNumber}\``));
      expect(lines, account.accountNumber).toHaveLength(1);
      expect(lines[0]).toContain(account.description);
    }
    expect(readme).toContain(SANDBOX_NAIRA_BANK.bankName);
  });

  it('are served to the Naira form in test mode (GET /api/bank/sandbox-accounts)', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const response = await ctx.app.inject({
      url: '/api/bank/sandbox-accounts',
      headers: bearer(merchant.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...SANDBOX_NAIRA_BANK,
      accounts: SANDBOX_NAIRA_ACCOUNTS.map(({ accountNumber, description }) => ({
        accountNumber,
        description,
      })),
    });
    expect((await ctx.app.inject({ url: '/api/bank/sandbox-accounts' })).statusCode).toBe(401);
  });

  it('the not-found number is not found by the bank directory, and cannot be added', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const notFound = SANDBOX_NAIRA_ACCOUNTS.filter((account) => account.outcome === 'not_found');
    expect(notFound).toHaveLength(1);
    for (const { accountNumber } of notFound) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/bank/resolve-account',
        headers: bearer(merchant.token),
        payload: { bankCode: SANDBOX_NAIRA_BANK.bankCode, accountNumber },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', error: ACCOUNT_NOT_FOUND });
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/bank/add-nigeria-bank',
        headers: bearer(merchant.token),
        payload: {
          userWalletRecordId: (await readyMerchant(ctx.app, merchant)).walletId,
          bankCode: SANDBOX_NAIRA_BANK.bankCode,
          accountNumber,
          accountType: 'current',
        },
      });
      expect(added.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    }
  });

  it.each(SANDBOX_NAIRA_ACCOUNTS.flatMap((account) => (account.outcome === 'not_found' ? [] : [account])))(
    '$accountNumber is named by the bank, added, and a payout to it ends as listed ($outcome)',
    async ({ accountNumber, outcome }) => {
      const merchant = await signUpMerchant(ctx.app);
      const { walletId } = await readyMerchant(ctx.app, merchant);
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/bank/add-nigeria-bank',
        headers: bearer(merchant.token),
        payload: {
          userWalletRecordId: walletId,
          bankCode: SANDBOX_NAIRA_BANK.bankCode,
          accountNumber,
          accountType: 'current',
        },
      });
      expect(added.statusCode).toBe(201);
      const account = added.json() as BankAccount;
      expect(account).toMatchObject({ bankName: SANDBOX_NAIRA_BANK.bankName, status: 'ACTIVE' });
      expect(account.accountHolderName).not.toBe('');

      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/payouts',
        headers: { ...bearer(merchant.token), 'idempotency-key': `sandbox-${accountNumber}` },
        payload: { walletId, bankAccountId: account.recordId, amount: 100_000 },
      });
      expect(created.statusCode).toBe(201);
      const payoutId = (created.json() as Payout).id;
      const confirmed = await ctx.app.inject({
        method: 'POST',
        url: `/api/payouts/${payoutId}/confirm`,
        headers: bearer(merchant.token),
        payload: { code: await emailedCode(ctx.app, merchant.email) },
      });
      expect(confirmed.statusCode).toBe(200);
      const payoutNow = async () =>
        (
          await ctx.app.inject({ url: `/api/payouts/${payoutId}`, headers: bearer(merchant.token) })
        ).json() as Payout;
      const runRailAt = (seconds: number) =>
        advanceDuePayouts(ctx.app.deps, ctx.app.log, new Date(Date.now() + seconds * 1_000));

      const expected = PAYOUT_STATES[outcome];
      // A few seconds after it was sent: the rail has answered once.
      await runRailAt(5);
      await runRailAt(10);
      expect(await payoutNow()).toMatchObject({ status: expected.soon });
      // After the scheduled retry.
      await runRailAt(120);
      expect(await payoutNow()).toMatchObject({
        status: expected.later,
        failureReason: expected.failureReason,
      });
    },
  );
});
