import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import {
  expectLedgerVerifies,
  getRefund,
  paidMerchant,
  postRefund,
  REFUND_FAILS_CARD,
  refund,
  refundsInTransit,
  refundTestConfig,
  runRefundsJob,
  settleRefunds,
} from './refund-fixtures.ts';

describe('the card network answers a refund', () => {
  const ctx = useTestApp(refundTestConfig());

  it('SUCCEEDED: the money leaves transit for the card, the wallet stays down by exactly the amount', async () => {
    const paid = await paidMerchant(ctx.app);
    const before = await walletBalance(ctx.app, paid.walletId);
    const transitBefore = await refundsInTransit(ctx.app);
    const made = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 200_000 });

    await settleRefunds(ctx.app);

    const settled = await getRefund(ctx.app, paid.merchant, made.id);
    expect(settled.status).toBe('SUCCEEDED');
    expect(settled.settledAt).not.toBeNull();
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - 200_000);
    expect(await refundsInTransit(ctx.app)).toBe(transitBefore);
    const [debit] = await sqlRows<{ transaction_status: string }>(
      ctx.app,
      sql`select transaction_status from transactions where id = ${made.transactionId}`,
    );
    expect(debit?.transaction_status).toBe('SUCCESSFUL');
    await expectLedgerVerifies(ctx.app);
  });

  it('stays PENDING until the network settles it', async () => {
    const paid = await paidMerchant(ctx.app);
    const made = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 1_000 });
    // Asked at once when made: the network has it, not yet settled.
    expect(made.status).toBe('PENDING');
    await runRefundsJob(ctx.app);
    expect((await getRefund(ctx.app, paid.merchant, made.id)).status).toBe('SUCCEEDED');
  });

  it('FAILED for the 5126 card: the money is back in the wallet and can be refunded again', async () => {
    const paid = await paidMerchant(ctx.app, { card: REFUND_FAILS_CARD });
    const before = await walletBalance(ctx.app, paid.walletId);
    const transitBefore = await refundsInTransit(ctx.app);
    const made = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId });
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - paid.total);

    await settleRefunds(ctx.app);

    const failed = await getRefund(ctx.app, paid.merchant, made.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe('The card issuer refused the refund: the card account is closed');
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before);
    expect(await refundsInTransit(ctx.app)).toBe(transitBefore);
    const [debit] = await sqlRows<{ transaction_status: string; failure_reason: string }>(
      ctx.app,
      sql`select transaction_status, failure_reason from transactions where id = ${made.transactionId}`,
    );
    expect(debit).toMatchObject({ transaction_status: 'FAILED', failure_reason: failed.failureReason });
    // A failed refund does not count against the payment.
    const again = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId });
    expect(again.amount).toBe(paid.total);
    await expectLedgerVerifies(ctx.app);
  });

  it('restock puts the quantity bought back on the product once the refund succeeds', async () => {
    const paid = await paidMerchant(ctx.app, { quantity: 3 });
    const stock = async () =>
      (
        await sqlRows<{ quantity_available: number }>(
          ctx.app,
          sql`select quantity_available from products where id = ${paid.productId}`,
        )
      )[0]?.quantity_available;
    expect(await stock()).toBe(7);

    const partial = await postRefund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      amount: 1_000,
      reason: 'other',
      restock: true,
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().code).toBe('RESTOCK_NEEDS_FULL_REFUND');

    await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 1_000 });
    const rest = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, restock: true });
    expect(rest.restock).toBe(true);
    expect(await stock()).toBe(7);
    await settleRefunds(ctx.app);
    expect(await stock()).toBe(10);
  });
});
