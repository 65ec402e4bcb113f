import { describe, expect, it } from 'vitest';
import { bearer, useTestApp, walletBalance, walletIdsOf } from '../../helper.ts';
import { createApp } from '../api-keys/api-key-fixtures.ts';
import { paidMerchant, postRefund, refund, refundTestConfig, settleRefunds } from './refund-fixtures.ts';

describe("a refund's DEBIT in the merchant's transactions", () => {
  const ctx = useTestApp(refundTestConfig());

  it('is shown by the transactions API and the CSV export, linked to its payment', async () => {
    const paid = await paidMerchant(ctx.app);
    const made = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 30_000 });
    await settleRefunds(ctx.app);

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/transaction/${made.transactionId}`,
      headers: bearer(paid.merchant.token),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: made.transactionId,
      transactionType: 'DEBIT',
      transactionStatus: 'SUCCESSFUL',
      transactionAmount: 30_000,
      currencyCode: 'NGN',
      parentTransactionId: paid.transactionId,
      description: 'Refund: Jollof rice tray',
      beneficiary: 'Chioma Eze',
    });

    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/transaction/export',
      payload: {},
      headers: bearer(paid.merchant.token),
    });
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((row) => row.startsWith(made.transactionId));
    expect(line).toContain(paid.transactionId);
    expect(line).toContain('DEBIT');
  });

  it("refunds an app's payment when acting for the app (user_id), from the app's wallet", async () => {
    const paid = await paidMerchant(ctx.app);
    const { recordId: appId } = await createApp(ctx.app, paid.merchant, 'Branch that refunds');
    const appPaid = await paidMerchant(ctx.app, { merchant: paid.merchant, extra: 0, actingFor: appId });
    const { NGN: appWallet } = await walletIdsOf(ctx.app, appId);
    const before = await walletBalance(ctx.app, appWallet);

    const asApp = await postRefund(
      ctx.app,
      paid.merchant,
      { transactionId: appPaid.transactionId, amount: 5_000, reason: 'other' },
      undefined,
      { ...bearer(paid.merchant.token), user_id: appId },
    );
    expect(asApp.statusCode, asApp.body).toBe(201);
    expect(asApp.json()).toMatchObject({ userId: appId, walletId: appWallet, amount: 5_000 });
    expect(await walletBalance(ctx.app, appWallet)).toBe(before - 5_000);
  });
});
