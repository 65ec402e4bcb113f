import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import {
  expectLedgerVerifies,
  paidMerchant,
  postRefund,
  refundsInTransit,
  refundTestConfig,
  settleRefunds,
} from './refund-fixtures.ts';

describe('refunds of one payment at once', () => {
  const ctx = useTestApp(refundTestConfig());

  it('20 concurrent partial refunds never add up to more than the customer paid', async () => {
    const paid = await paidMerchant(ctx.app, { extra: 5_000_000 });
    const before = await walletBalance(ctx.app, paid.walletId);
    const transitBefore = await refundsInTransit(ctx.app);
    // Each asks for a seventh of the payment: at most seven fit, the others must be refused.
    const part = Math.floor(paid.total / 7);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        postRefund(ctx.app, paid.merchant, {
          transactionId: paid.transactionId,
          amount: part,
          reason: 'other',
        }),
      ),
    );

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(7);
    expect(codes.filter((code) => code !== 201).every((code) => code === 409)).toBe(true);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().code).toBe('AMOUNT_OVER_REFUNDABLE');
    }
    const [row] = await sqlRows<{ total: string | number; n: string | number }>(
      ctx.app,
      sql`select coalesce(sum(amount), 0) as total, count(*) as n from refunds where payment_id = ${paid.paymentId}`,
    );
    expect(Number(row?.n)).toBe(7);
    expect(Number(row?.total)).toBe(7 * part);
    expect(Number(row?.total)).toBeLessThanOrEqual(paid.total);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - 7 * part);
    expect(await refundsInTransit(ctx.app)).toBe(transitBefore + 7 * part);
    await expectLedgerVerifies(ctx.app);

    await settleRefunds(ctx.app);
    expect(await refundsInTransit(ctx.app)).toBe(transitBefore);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - 7 * part);
    await expectLedgerVerifies(ctx.app);
  });

  it('the same Idempotency-Key sent 10 times at once makes one refund', async () => {
    const paid = await paidMerchant(ctx.app);
    const before = await walletBalance(ctx.app, paid.walletId);
    const key = `refund-race-${paid.paymentId}`;
    const body = { transactionId: paid.transactionId, amount: 10_000, reason: 'duplicate' };

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postRefund(ctx.app, paid.merchant, body, key)),
    );

    const made = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json().id);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made).size).toBe(1);
    for (const other of responses.filter((response) => response.statusCode !== 201)) {
      expect(other.statusCode).toBe(409);
    }
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - 10_000);
  });
});
