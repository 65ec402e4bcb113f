import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../helper.ts';
import { disputeTestConfig, getDispute, openedDispute, postEvidence, runJob } from './dispute-fixtures.ts';

describe("a dispute's money in the merchant's transactions", () => {
  const ctx = useTestApp(disputeTestConfig());

  it('the hold is a DEBIT and a win a CREDIT under the payment, in the transactions API and the CSV export', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    await postEvidence(ctx.app, paid.merchant, dispute.id, { explanation: 'winning_evidence', submit: true });
    await runJob(ctx.app);
    const won = await getDispute(ctx.app, paid.merchant, dispute.id);
    expect(won.status).toBe('WON');

    const read = (id: string | null) =>
      ctx.app.inject({ method: 'GET', url: `/api/transaction/${id}`, headers: bearer(paid.merchant.token) });
    const hold = await read(won.transactionId);
    expect(hold.statusCode, hold.body).toBe(200);
    expect(hold.json()).toMatchObject({
      transactionType: 'DEBIT',
      transactionStatus: 'SUCCESSFUL',
      transactionAmount: paid.total,
      parentTransactionId: paid.transactionId,
      transactionChannel: 'CARD',
    });
    expect(hold.json().description).toMatch(/^Dispute: /);
    const credit = await read(won.reversalTransactionId);
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({
      transactionType: 'CREDIT',
      transactionStatus: 'SUCCESSFUL',
      transactionAmount: paid.total,
      parentTransactionId: paid.transactionId,
    });

    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/transaction/export',
      payload: {},
      headers: bearer(paid.merchant.token),
    });
    expect(csv.statusCode).toBe(200);
    for (const [id, type] of [
      [won.transactionId, 'DEBIT'],
      [won.reversalTransactionId, 'CREDIT'],
    ] as const) {
      const line = csv.body.split('\r\n').find((row) => row.startsWith(id ?? '-'));
      expect(line, type).toContain(paid.transactionId);
      expect(line).toContain(type);
    }
  });
});
