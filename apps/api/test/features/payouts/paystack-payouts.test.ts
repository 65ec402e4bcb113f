import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceDuePayouts } from '../../../src/features/payouts/index.ts';
import {
  bearer,
  buildTestApp,
  signUpMerchant,
  sqlRows,
  type TestContext,
  walletBalance,
} from '../../helper.ts';
import { type PaystackApp, startPaystackApp } from '../../support/paystack-app.ts';
import type { PaystackStandIn } from '../../support/paystack-stand-in/paystack-stand-in.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';
import { expectLedgerVerifies } from '../refunds/refund-fixtures.ts';
import { readyMerchant, settlementAccount } from './payout-fixtures.ts';

describe('payouts as Paystack transfers (PAYOUT_RAIL_PROVIDER=paystack, issue 24 §3)', () => {
  let paystackApp: PaystackApp;
  let ctx: TestContext;
  let paystack: PaystackStandIn;
  let webhookUrl: string;

  beforeAll(async () => {
    paystackApp = await startPaystackApp(['payoutRail'], { standIn: { transferSettleMs: null } });
    ({ ctx, paystack, webhookUrl } = paystackApp);
  });
  afterAll(() => paystackApp?.close());

  /** A ready merchant with a Naira settlement account and an API key (a key's payout needs no code). */
  async function readyToPayOut(accountNumber = '0123456789') {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId } = await readyMerchant(ctx.app, merchant);
    const bankAccountId = await settlementAccount(ctx.app, merchant.userId, { accountNumber });
    const key = await generateKey(ctx.app, merchant);
    return { merchant, walletId, bankAccountId, key };
  }
  type Ready = Awaited<ReturnType<typeof readyToPayOut>>;

  /** A payout through the API: PROCESSING and handed to Paystack. */
  async function requestPayout({ walletId, bankAccountId, key }: Ready, amount = 250_000) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(key), 'idempotency-key': randomUUID() },
      payload: { walletId, bankAccountId, amount },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; status: string; fee: number };
  }

  async function payOut(accountNumber = '0123456789', amount = 250_000) {
    const ready = await readyToPayOut(accountNumber);
    const before = await walletBalance(ctx.app, ready.walletId);
    return { ...ready, before, payout: await requestPayout(ready, amount) };
  }

  const keptRecipientOf = async (bankAccountId: string) => {
    const [row] = await sqlRows<{ rail_recipient_code: string | null }>(
      ctx.app,
      sql`select rail_recipient_code from bank_accounts where id = ${bankAccountId}::uuid`,
    );
    return row?.rail_recipient_code ?? null;
  };
  const recipientCalls = () =>
    paystack.controls.requests.filter((request) => request.path === '/transferrecipient').length;
  /** The recipient of the payout's last transfer call. */
  const transferRecipientOf = (payoutId: string) =>
    paystack.controls.requests.findLast(
      (request) => request.path === '/transfer' && request.body?.reference === `bzd_payout_${payoutId}`,
    )?.body?.recipient;

  const statusOf = async (payoutId: string) => {
    const [row] = await sqlRows<{
      status: string;
      rail_reference: string | null;
      failure_reason: string | null;
    }>(ctx.app, sql`select status, rail_reference, failure_reason from payouts where id = ${payoutId}::uuid`);
    return row;
  };

  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('timed out waiting');
  };

  it('sends a transfer to a nuban recipient with the payout as reference, and the signed webhook settles it', async () => {
    const { payout } = await payOut();
    const reference = `bzd_payout_${payout.id}`;
    expect(await statusOf(payout.id)).toMatchObject({ status: 'PROCESSING', rail_reference: reference });
    const recipient = paystack.controls.requests.find((request) => request.path === '/transferrecipient');
    expect(recipient?.body).toMatchObject({ type: 'nuban', account_number: '0123456789', bank_code: '058' });
    const transfer = paystack.controls.requests.find((request) => request.path === '/transfer');
    expect(transfer?.body).toMatchObject({ source: 'balance', amount: 250_000, reference, currency: 'NGN' });

    paystack.controls.settleTransfers();
    await waitFor(async () => (await statusOf(payout.id))?.status === 'SUCCESSFUL');
    // The webhook made the payout verify its transfer; the answer of that verify settled it.
    expect(
      paystack.controls.requests.some((request) => request.path === `/transfer/verify/${reference}`),
    ).toBe(true);
  });

  it('makes the transfer recipient once per account and keeps it: the next payout to the account makes none', async () => {
    const ready = await readyToPayOut('0123456701');
    const first = await requestPayout(ready);
    const kept = await keptRecipientOf(ready.bankAccountId);
    expect(kept).toMatch(/^RCP_/);
    expect(transferRecipientOf(first.id)).toBe(kept);
    const calls = recipientCalls();
    const second = await requestPayout(ready, 100_000);
    expect(recipientCalls()).toBe(calls);
    expect(transferRecipientOf(second.id)).toBe(kept);
  });

  it('makes the recipient again when Paystack does not know the kept one (another Paystack account)', async () => {
    const ready = await readyToPayOut('0123456702');
    await sqlRows(
      ctx.app,
      sql`update bank_accounts set rail_recipient_code = 'RCP_ofanotheraccount1' where id = ${ready.bankAccountId}::uuid`,
    );
    const payout = await requestPayout(ready);
    expect(await statusOf(payout.id)).toMatchObject({
      status: 'PROCESSING',
      rail_reference: `bzd_payout_${payout.id}`,
    });
    const kept = await keptRecipientOf(ready.bankAccountId);
    expect(kept).toMatch(/^RCP_/);
    expect(kept).not.toBe('RCP_ofanotheraccount1');
    expect(transferRecipientOf(payout.id)).toBe(kept);
  });

  it('a failed transfer returns the amount and the fee to the wallet, with why', async () => {
    const { payout, walletId, before } = await payOut('9990000011');
    paystack.controls.settleTransfers();
    await waitFor(async () => (await statusOf(payout.id))?.status === 'FAILED');
    expect((await statusOf(payout.id))?.failure_reason).toBe('Account closed');
    expect(await walletBalance(ctx.app, walletId)).toEqual(before);
  });

  it('a transfer the bank reverses after it settled gives the amount and the fee back, once', async () => {
    const { payout, walletId, before } = await payOut('7770000011');
    paystack.controls.settleTransfers();
    // Paystack reports success, then the reversal: the payout settles, then comes back.
    await waitFor(async () => (await statusOf(payout.id))?.status === 'FAILED');
    expect((await statusOf(payout.id))?.failure_reason).toBe('The bank returned the transfer.');
    expect(await walletBalance(ctx.app, walletId)).toEqual(before);
    await paystack.controls.webhooksIdle();
    const reversal = paystack.controls.webhooks.findIndex(
      (hook) => hook.event === 'transfer.reversed' && hook.body.includes(payout.id),
    );
    await paystack.controls.resendWebhook(reversal);
    expect(await walletBalance(ctx.app, walletId)).toEqual(before);
    await expectLedgerVerifies(ctx.app);
  });

  it('a transfer heard nothing of (no webhook) is verified by the job after 30 minutes, not before', async () => {
    paystack.controls.setWebhookUrl(null);
    try {
      const { payout } = await payOut();
      paystack.controls.settleTransfers();
      await advanceDuePayouts(ctx.app.deps, ctx.app.log, new Date(Date.now() + 29 * 60_000));
      expect(await statusOf(payout.id)).toMatchObject({ status: 'PROCESSING' });
      await advanceDuePayouts(ctx.app.deps, ctx.app.log, new Date(Date.now() + 31 * 60_000));
      expect(await statusOf(payout.id)).toMatchObject({ status: 'SUCCESSFUL' });
    } finally {
      paystack.controls.setWebhookUrl(webhookUrl);
    }
  });

  it('a call that timed out is sent again with the same reference: one transfer, paid once', async () => {
    paystack.controls.failNext('POST', '/transfer', 'server-error-after-work');
    const { payout } = await payOut();
    // The 500 left the outcome unknown: the payout waits in transit, then the retry meets the duplicate reference.
    expect(await statusOf(payout.id)).toMatchObject({ status: 'PROCESSING', rail_reference: null });
    await advanceDuePayouts(ctx.app.deps, ctx.app.log, new Date(Date.now() + 60_000));
    expect(await statusOf(payout.id)).toMatchObject({
      failure_reason: null,
      rail_reference: `bzd_payout_${payout.id}`,
    });
    const reference = `bzd_payout_${payout.id}`;
    expect(paystack.controls.transfers.filter((transfer) => transfer.reference === reference)).toHaveLength(
      1,
    );
    paystack.controls.settleTransfers();
    await waitFor(async () => (await statusOf(payout.id))?.status === 'SUCCESSFUL');
  });

  it('answers 404 for the webhook on an instance without Paystack', async () => {
    const sandboxOnly = await buildTestApp();
    try {
      const response = await sandboxOnly.app.inject({
        method: 'POST',
        url: '/api/providers/paystack/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await sandboxOnly.close();
    }
  });

  it('refuses unsigned and forged webhooks with 401, and a replay changes nothing', async () => {
    const body = JSON.stringify({
      event: 'transfer.success',
      data: { reference: `bzd_payout_${randomUUID()}` },
    });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/providers/paystack/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/providers/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);

    const { payout } = await payOut();
    paystack.controls.settleTransfers();
    await waitFor(async () => (await statusOf(payout.id))?.status === 'SUCCESSFUL');
    const delivered = paystack.controls.webhooks.findIndex((hook) =>
      hook.body.includes(`bzd_payout_${payout.id}`),
    );
    await paystack.controls.resendWebhook(delivered);
    expect(await statusOf(payout.id)).toMatchObject({ status: 'SUCCESSFUL' });
  });
});
