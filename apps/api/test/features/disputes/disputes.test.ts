import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import { expectLedgerVerifies } from '../refunds/refund-fixtures.ts';
import {
  disputedPayment,
  disputeOf,
  disputesHeld,
  disputeTestConfig,
  eventTypesOf,
  getDispute,
  listDisputes,
  openedDispute,
  postAccept,
  postEvidence,
  runJob,
} from './dispute-fixtures.ts';

describe('a dispute opens, is answered and decided', () => {
  const ctx = useTestApp(disputeTestConfig());

  it('opens when the network disputes the 0259 card: the amount moves from the wallet into DISPUTES_HELD', async () => {
    const paid = await disputedPayment(ctx.app);
    const before = await walletBalance(ctx.app, paid.walletId);
    const heldBefore = await disputesHeld(ctx.app);
    await runJob(ctx.app);
    const dispute = await disputeOf(ctx.app, paid);
    expect(dispute).toMatchObject({
      status: 'NEEDS_RESPONSE',
      reason: 'fraudulent',
      amount: paid.total,
      currency: 'NGN',
      paymentTransactionId: paid.transactionId,
      evidence: null,
      reversalTransactionId: null,
    });
    expect(dispute.payment).toMatchObject({ transactionId: paid.transactionId, amount: paid.total });
    expect(dispute.payment.card).toEqual({ brand: 'VISA', last4: '0259' });
    expect(dispute.timeline.map((entry) => entry.kind)).toEqual(['OPENED']);
    expect(new Date(dispute.evidenceDueBy).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - paid.total);
    expect(await disputesHeld(ctx.app)).toBe(heldBefore + paid.total);
    // The hold is a DEBIT child of the payment in the transactions list.
    const [debit] = await sqlRows<{
      transaction_type: string;
      parent_transaction_id: string;
      transaction_status: string;
    }>(
      ctx.app,
      sql`select transaction_type, parent_transaction_id, transaction_status from transactions where id = ${dispute.transactionId}`,
    );
    expect(debit).toEqual({
      transaction_type: 'DEBIT',
      parent_transaction_id: paid.transactionId,
      transaction_status: 'SUCCESSFUL',
    });
    // Polling again records nothing twice.
    await runJob(ctx.app);
    expect(
      (await listDisputes(ctx.app, paid.merchant, `?transactionId=${paid.transactionId}`)).items,
    ).toHaveLength(1);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - paid.total);
    expect(await eventTypesOf(ctx.app, paid.merchant.userId)).toEqual(['dispute.created']);
    await expectLedgerVerifies(ctx.app);
  });

  it('a payment with another card is never disputed', async () => {
    const paid = await disputedPayment(ctx.app, { card: '4242424242424242' });
    await runJob(ctx.app);
    expect((await listDisputes(ctx.app, paid.merchant)).items).toHaveLength(0);
  });

  it('a draft is kept and updatable; submitted winning evidence wins: the amount comes back as a CREDIT', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const before = await walletBalance(ctx.app, paid.walletId);
    const draft = await postEvidence(ctx.app, paid.merchant, dispute.id, { explanation: 'first words' });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      status: 'NEEDS_RESPONSE',
      evidence: { explanation: 'first words', submittedAt: null },
    });
    const again = await postEvidence(ctx.app, paid.merchant, dispute.id, {
      explanation: 'Delivered and signed for: winning_evidence',
      customerName: 'Ada Obi',
      customerEmail: 'Ada@Example.com',
      deliveryDetails: 'DHL 123',
      submit: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'UNDER_REVIEW',
      evidence: { customerEmail: 'ada@example.com', deliveryDetails: 'DHL 123' },
    });
    // Submitted evidence cannot change.
    expect((await postEvidence(ctx.app, paid.merchant, dispute.id, { explanation: 'more' })).statusCode).toBe(
      409,
    );
    expect((await postAccept(ctx.app, paid.merchant, dispute.id)).statusCode).toBe(409);

    await runJob(ctx.app);
    const won = await getDispute(ctx.app, paid.merchant, dispute.id);
    expect(won.status).toBe('WON');
    expect(won.closedAt).not.toBeNull();
    expect(won.timeline.map((entry) => entry.kind)).toEqual([
      'OPENED',
      'EVIDENCE_SAVED',
      'EVIDENCE_SUBMITTED',
      'WON',
    ]);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before + paid.total);
    const [credit] = await sqlRows<{ transaction_type: string; parent_transaction_id: string }>(
      ctx.app,
      sql`select transaction_type, parent_transaction_id from transactions where id = ${won.reversalTransactionId}`,
    );
    expect(credit).toEqual({ transaction_type: 'CREDIT', parent_transaction_id: paid.transactionId });
    expect(await eventTypesOf(ctx.app, paid.merchant.userId)).toEqual([
      'dispute.created',
      'dispute.updated',
      'dispute.closed',
    ]);
    await expectLedgerVerifies(ctx.app);
  });

  it('losing evidence loses (and so does any other text): the held amount goes to the network', async () => {
    for (const explanation of ['this is losing_evidence', 'no particular words']) {
      const { paid, dispute } = await openedDispute(ctx.app);
      const before = await walletBalance(ctx.app, paid.walletId);
      const heldBefore = await disputesHeld(ctx.app);
      const submitted = await postEvidence(ctx.app, paid.merchant, dispute.id, { explanation, submit: true });
      expect(submitted.statusCode, submitted.body).toBe(200);
      await runJob(ctx.app);
      const lost = await getDispute(ctx.app, paid.merchant, dispute.id);
      expect(lost.status).toBe('LOST');
      expect(lost.reversalTransactionId).toBeNull();
      expect(await walletBalance(ctx.app, paid.walletId)).toBe(before);
      expect(await disputesHeld(ctx.app)).toBe(heldBefore - paid.total);
    }
    await expectLedgerVerifies(ctx.app);
  });

  it('accepting closes it at once: ACCEPTED, the held amount to the network, the network told', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const heldBefore = await disputesHeld(ctx.app);
    const accepted = await postAccept(ctx.app, paid.merchant, dispute.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'ACCEPTED' });
    expect(await disputesHeld(ctx.app)).toBe(heldBefore - paid.total);
    const [network] = await sqlRows<{ status: string }>(
      ctx.app,
      sql`select status from sandbox_card_disputes where id = (select provider_reference from disputes where id = ${dispute.id})::uuid`,
    );
    expect(network?.status).toBe('LOST');
    // The network's LOST report changes nothing more.
    await runJob(ctx.app);
    expect((await getDispute(ctx.app, paid.merchant, dispute.id)).status).toBe('ACCEPTED');
    expect((await postAccept(ctx.app, paid.merchant, dispute.id)).statusCode).toBe(409);
    await expectLedgerVerifies(ctx.app);
  });

  it('no answer by the due date loses it (EXPIRED in the timeline)', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const later = new Date(new Date(dispute.evidenceDueBy).getTime() + 1_000);
    await runJob(ctx.app, later);
    const lost = await getDispute(ctx.app, paid.merchant, dispute.id);
    expect(lost.status).toBe('LOST');
    expect(lost.timeline.map((entry) => entry.kind)).toContain('EXPIRED');
    expect((await postEvidence(ctx.app, paid.merchant, dispute.id, { explanation: 'late' })).statusCode).toBe(
      409,
    );
    await expectLedgerVerifies(ctx.app);
  });

  it('the reminder goes once, 48 hours before the due date: the bell event and the timeline', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const due = new Date(dispute.evidenceDueBy).getTime();
    await runJob(ctx.app, new Date(due - 50 * 3_600_000));
    expect(await eventTypesOf(ctx.app, paid.merchant.userId)).toEqual(['dispute.created']);
    await runJob(ctx.app, new Date(due - 47 * 3_600_000));
    await runJob(ctx.app, new Date(due - 46 * 3_600_000));
    expect(await eventTypesOf(ctx.app, paid.merchant.userId)).toEqual([
      'dispute.created',
      'dispute.evidence_due_soon',
    ]);
    const reminded = await getDispute(ctx.app, paid.merchant, dispute.id);
    expect(reminded.timeline.filter((entry) => entry.kind === 'REMINDER_SENT')).toHaveLength(1);
    await ctx.app.deps.jobs.runDueEvents();
    const reminders = (await ctx.app.deps.email.mailbox(paid.merchant.email)).filter((mail) =>
      mail.subject.startsWith('Reminder: answer the dispute'),
    );
    expect(reminders).toHaveLength(1);
  });

  it('lists the ones needing an answer first, with the count for the badge', async () => {
    const first = await openedDispute(ctx.app);
    const merchant = first.paid.merchant;
    const second = await openedDispute(ctx.app, { merchant });
    await postAccept(ctx.app, merchant, first.dispute.id);
    const page = await listDisputes(ctx.app, merchant);
    expect(page.needsResponseCount).toBe(1);
    expect(page.items.map((item) => item.id)).toEqual([second.dispute.id, first.dispute.id]);
    expect(page.items[0]).toMatchObject({ customerEmail: expect.any(String), reference: expect.any(String) });
    const accepted = await listDisputes(ctx.app, merchant, '?status=ACCEPTED');
    expect(accepted.items.map((item) => item.id)).toEqual([first.dispute.id]);
    expect(accepted.needsResponseCount).toBe(1);
  });
});

describe('the sandbox network waits SANDBOX_DISPUTE_AFTER_SECONDS before disputing', () => {
  const ctx = useTestApp(disputeTestConfig({ sandboxDisputeAfterSeconds: 3_600 }));

  it('opens nothing before the delay, and the dispute once the charge is that old', async () => {
    const paid = await disputedPayment(ctx.app);
    await runJob(ctx.app);
    expect((await listDisputes(ctx.app, paid.merchant)).items).toHaveLength(0);
    await sqlRows(
      ctx.app,
      sql`update sandbox_card_authorizations set updated_at = now() - interval '3601 seconds'
          where merchant_reference = ${paid.paymentId}`,
    );
    await runJob(ctx.app);
    const dispute = await disputeOf(ctx.app, paid);
    expect(dispute.status).toBe('NEEDS_RESPONSE');
  });
});
