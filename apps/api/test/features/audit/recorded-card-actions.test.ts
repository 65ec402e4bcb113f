import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helper.ts';
import { disputeTestConfig, openedDispute, postAccept, postEvidence } from '../disputes/dispute-fixtures.ts';
import { paidMerchant, refund } from '../refunds/refund-fixtures.ts';
import { chainOf, verify } from './audit-fixtures.ts';

describe('the audit trail records answers to card payments', () => {
  const ctx = useTestApp(disputeTestConfig());

  const entriesOf = async (userId: string, action: string) =>
    (await chainOf(ctx.app, userId)).filter((row) => row.action === action);

  it('records a refund with its payment, amount, currency and reason', async () => {
    const paid = await paidMerchant(ctx.app);
    const made = await refund(ctx.app, paid.merchant, { transactionId: paid.transactionId, amount: 100_000 });
    const [entry, ...more] = await entriesOf(paid.merchant.userId, 'refund.created');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actor_person_id: paid.merchant.userId,
      target_type: 'refund',
      target_id: made.id,
      details: {
        userId: paid.merchant.userId,
        paymentTransactionId: paid.transactionId,
        amount: 100_000,
        currency: 'NGN',
        reason: 'requested_by_customer',
        restock: false,
        fullRefund: false,
      },
    });
    expect((await verify(ctx.app)).ok).toBe(true);
  });

  it('records a dispute accepted as its answer', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const accepted = await postAccept(ctx.app, paid.merchant, dispute.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [entry, ...more] = await entriesOf(paid.merchant.userId, 'dispute.answered');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actor_person_id: paid.merchant.userId,
      target_type: 'dispute',
      target_id: dispute.id,
      details: { answer: 'accepted', amount: dispute.amount, currency: dispute.currency },
    });
    expect((await verify(ctx.app)).ok).toBe(true);
  });

  it('records evidence submitted as an answer, and a saved draft not at all', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const draft = await postEvidence(ctx.app, paid.merchant, dispute.id, { explanation: 'draft' });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(await entriesOf(paid.merchant.userId, 'dispute.answered')).toHaveLength(0);
    const submitted = await postEvidence(ctx.app, paid.merchant, dispute.id, {
      explanation: 'winning_evidence',
      submit: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [entry, ...more] = await entriesOf(paid.merchant.userId, 'dispute.answered');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      target_id: dispute.id,
      details: { answer: 'evidence_submitted', amount: dispute.amount, files: 0 },
    });
    expect((await verify(ctx.app)).ok).toBe(true);
  });
});
