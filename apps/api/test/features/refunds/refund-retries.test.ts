import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advanceDueRefunds } from '../../../src/features/refunds/index.ts';
import { sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import {
  expectLedgerVerifies,
  getRefund,
  newKey,
  paidMerchant,
  postRefund,
  refund,
  refundsInTransit,
  refundTestConfig,
  settleRefunds,
} from './refund-fixtures.ts';

describe('a refund whose card network call fails', () => {
  const ctx = useTestApp(refundTestConfig());

  it('stays PENDING with its money in transit, and the job asks again later and settles it once', async () => {
    const paid = await paidMerchant(ctx.app);
    const before = await walletBalance(ctx.app, paid.walletId);
    const transitBefore = await refundsInTransit(ctx.app);
    const provider = ctx.app.deps.payments;
    const real = provider.refund;
    let calls = 0;
    provider.refund = async () => {
      calls += 1;
      throw new Error('card network unreachable');
    };
    let made: Awaited<ReturnType<typeof refund>>;
    try {
      made = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 40_000 });
      expect(made.status).toBe('PENDING');
      expect(calls).toBe(1);
      // Not due again at once: the failed step waits for its retry.
      await advanceDueRefunds(ctx.app.deps, ctx.app.log);
      expect(calls).toBe(1);
    } finally {
      provider.refund = real;
    }
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - 40_000);
    expect(await refundsInTransit(ctx.app)).toBe(transitBefore + 40_000);

    await settleRefunds(ctx.app);

    expect((await getRefund(ctx.app, paid.merchant, made.id)).status).toBe('SUCCEEDED');
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - 40_000);
    expect(await refundsInTransit(ctx.app)).toBe(transitBefore);
    const [asked] = await sqlRows<{ n: string | number }>(
      ctx.app,
      sql`select count(*) as n from sandbox_card_refunds where refund_reference = ${made.id}`,
    );
    expect(Number(asked?.n)).toBe(1);
    await expectLedgerVerifies(ctx.app);
  });

  it('an Idempotency-Key reused with another body is refused, and nothing moves', async () => {
    const paid = await paidMerchant(ctx.app);
    const key = newKey();
    const first = await postRefund(
      ctx.app,
      paid.merchant,
      {
        transactionId: paid.transactionId,
        amount: 1_000,
        reason: 'other',
      },
      key,
    );
    expect(first.statusCode).toBe(201);
    const before = await walletBalance(ctx.app, paid.walletId);
    const other = await postRefund(
      ctx.app,
      paid.merchant,
      {
        transactionId: paid.transactionId,
        amount: 2_000,
        reason: 'other',
      },
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before);
  });
});
