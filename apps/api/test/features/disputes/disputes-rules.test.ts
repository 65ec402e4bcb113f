import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, dbOf, signUpMerchant, sqlRows, useTestApp, walletBalance } from '../../helper.ts';
import { settlementAccount } from '../payouts/payout-fixtures.ts';
import { expectLedgerVerifies, paidMerchant, postRefund } from '../refunds/refund-fixtures.ts';
import {
  disputedPayment,
  disputesHeld,
  disputeTestConfig,
  getDispute,
  listDisputes,
  openedDispute,
  postAccept,
  postEvidence,
  reportNetworkDispute,
  runJob,
} from './dispute-fixtures.ts';

/** A file row of `ownerId`, as the upload pipeline leaves it. */
async function storedFile(app: Parameters<typeof sqlRows>[0], ownerId: string, name = 'receipt.pdf') {
  const [row] = await sqlRows<{ id: string }>(
    app,
    sql`insert into files (owner_id, purpose, storage_key, content_type, size, original_name)
        values (${ownerId}, 'dispute_evidence', ${randomUUID()}, 'application/pdf', 1234, ${name}) returning id`,
  );
  return row?.id ?? '';
}

describe('disputes: the rules around them', () => {
  const ctx = useTestApp(disputeTestConfig());

  it('a payment under an open dispute cannot be refunded (409 PAYMENT_DISPUTED); once won it can', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const refused = await postRefund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      reason: 'other',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_DISPUTED' });
    expect(refused.json().error).toMatch(/disputed/);
    await postEvidence(ctx.app, paid.merchant, dispute.id, { explanation: 'winning_evidence', submit: true });
    await runJob(ctx.app);
    const after = await postRefund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      reason: 'other',
    });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().amount).toBe(paid.total);
    await expectLedgerVerifies(ctx.app);
  });

  it('a payment whose dispute was accepted has nothing left to refund, and says the money went through the dispute', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    expect((await postAccept(ctx.app, paid.merchant, dispute.id)).statusCode).toBe(200);
    const refused = await postRefund(ctx.app, paid.merchant, {
      transactionId: paid.transactionId,
      reason: 'other',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'FULLY_REFUNDED' });
    expect(refused.json().error).toMatch(/through a dispute/);
  });

  it('the network disputes only what was not refunded; a fully refunded payment is not disputed', async () => {
    const partly = await disputedPayment(ctx.app);
    const refunded = await postRefund(ctx.app, partly.merchant, {
      transactionId: partly.transactionId,
      amount: 100_000,
      reason: 'other',
    });
    expect(refunded.statusCode).toBe(201);
    await runJob(ctx.app);
    const [dispute] = (await listDisputes(ctx.app, partly.merchant)).items;
    expect(dispute?.amount).toBe(partly.total - 100_000);

    const fully = await disputedPayment(ctx.app);
    expect(
      (await postRefund(ctx.app, fully.merchant, { transactionId: fully.transactionId, reason: 'other' }))
        .statusCode,
    ).toBe(201);
    await runJob(ctx.app);
    expect((await listDisputes(ctx.app, fully.merchant)).items).toHaveLength(0);
    await expectLedgerVerifies(ctx.app);
  });

  it('a refund and a dispute racing on one payment never add up to more than it', async () => {
    for (let round = 0; round < 6; round++) {
      // The network has not heard of the refund: it disputes the whole payment.
      const paid = await paidMerchant(ctx.app, { extra: 5_000_000 });
      const refundAmount = round % 2 === 0 ? paid.total : Math.floor(paid.total / 2);
      const [refund] = await Promise.all([
        postRefund(ctx.app, paid.merchant, {
          transactionId: paid.transactionId,
          amount: refundAmount,
          reason: 'other',
        }),
        reportNetworkDispute(ctx.app, paid.paymentId, paid.total, 'product_not_received'),
      ]);
      expect([201, 409]).toContain(refund.statusCode);
      if (refund.statusCode === 409) expect(refund.json().code).toBe('PAYMENT_DISPUTED');
      const [sums] = await sqlRows<{ refunded: string | number; disputed: string | number }>(
        ctx.app,
        sql`select
              (select coalesce(sum(amount), 0) from refunds where payment_id = ${paid.paymentId} and status <> 'FAILED') as refunded,
              (select coalesce(sum(amount), 0) from disputes where payment_id = ${paid.paymentId}) as disputed`,
      );
      const refunded = Number(sums?.refunded);
      const disputed = Number(sums?.disputed);
      expect(refunded + disputed).toBeLessThanOrEqual(paid.total);
      // Whichever came second took what the first left, or was refused.
      if (refund.statusCode === 201) expect(disputed).toBe(paid.total - refundAmount);
      else expect(disputed).toBe(paid.total);
    }
    await expectLedgerVerifies(ctx.app);
  });

  it('a wallet short of the amount is held below zero (ADR 051): payouts and refunds are refused, ledger:verify passes', async () => {
    // The merchant kept the payment less its card fee: the wallet holds less than the customer paid.
    const paid = await disputedPayment(ctx.app, { extra: 0 });
    const before = await walletBalance(ctx.app, paid.walletId);
    expect(before).toBeLessThan(paid.total);
    const heldBefore = await disputesHeld(ctx.app);
    await runJob(ctx.app);
    const [dispute] = (await listDisputes(ctx.app, paid.merchant)).items;
    expect(dispute?.amount).toBe(paid.total);
    expect(await walletBalance(ctx.app, paid.walletId)).toBe(before - paid.total);
    expect(await walletBalance(ctx.app, paid.walletId)).toBeLessThan(0);
    // Visible as it is, never hidden behind a zero.
    const wallets = await ctx.app.inject({ url: '/api/wallets', headers: bearer(paid.merchant.token) });
    expect(wallets.statusCode, wallets.body).toBe(200);
    const ngn = wallets.json().wallets.find((wallet: { currency: string }) => wallet.currency === 'NGN');
    expect(ngn.availableBalance).toBe(before - paid.total);
    expect(await disputesHeld(ctx.app)).toBe(heldBefore + paid.total);
    await expectLedgerVerifies(ctx.app);

    // A payout meets the negative balance: refused.
    await sqlRows(
      ctx.app,
      sql`update users set status = 'ACTIVE' where id = ${paid.merchant.userId}::uuid returning id`,
    );
    const payout = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(paid.merchant.token), 'idempotency-key': randomUUID() },
      payload: {
        walletId: paid.walletId,
        bankAccountId: await settlementAccount(ctx.app, paid.merchant.userId),
        amount: 50_000,
      },
    });
    expect(payout.statusCode, payout.body).toBe(409);
    expect(payout.json().code).toBe('INSUFFICIENT_FUNDS');

    // Another payment's refund meets the negative balance: refused, nothing changed.
    const other = await paidMerchant(ctx.app, { merchant: paid.merchant, extra: 0 });
    const refused = await postRefund(ctx.app, paid.merchant, {
      transactionId: other.transactionId,
      reason: 'other',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSUFFICIENT_BALANCE');

    // Won: the amount comes back and the wallet is above zero again.
    await postEvidence(ctx.app, paid.merchant, dispute?.id ?? '', {
      explanation: 'winning_evidence',
      submit: true,
    });
    await runJob(ctx.app);
    expect(await walletBalance(ctx.app, paid.walletId)).toBeGreaterThan(0);
    await expectLedgerVerifies(ctx.app);
  });

  it("evidence files: the merchant's own are kept with their names; another merchant's or unknown ids are refused", async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const mine = await storedFile(ctx.app, paid.merchant.userId, 'delivery-proof.pdf');
    const stranger = await signUpMerchant(ctx.app);
    const theirs = await storedFile(ctx.app, stranger.userId);
    for (const fileIds of [[theirs], [randomUUID()], [mine, theirs]]) {
      const refused = await postEvidence(ctx.app, paid.merchant, dispute.id, { explanation: 'x', fileIds });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('UNKNOWN_FILE');
    }
    const saved = await postEvidence(ctx.app, paid.merchant, dispute.id, {
      explanation: 'x',
      fileIds: [mine],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().evidence.files).toMatchObject([{ id: mine, name: 'delivery-proof.pdf', size: 1234 }]);
    expect((await getDispute(ctx.app, paid.merchant, dispute.id)).evidence?.files).toHaveLength(1);
  });

  it('400 for bad evidence: control characters, huge text, wrong types, unknown fields, submit without words', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const bodies: Record<string, unknown>[] = [
      { explanation: 'bad\u0000text' },
      { explanation: 'x'.repeat(5001) },
      { explanation: 42 },
      { explanation: 'ok', customerName: 'a\u001bb' },
      { explanation: 'ok', customerEmail: 'not-an-email' },
      { explanation: 'ok', deliveryDetails: 'y'.repeat(2001) },
      { explanation: 'ok', fileIds: 'nope' },
      { explanation: 'ok', fileIds: ['not-a-uuid'] },
      { explanation: 'ok', fileIds: Array.from({ length: 11 }, () => randomUUID()) },
      { explanation: 'ok', submit: 'yes' },
      { explanation: 'ok', surprise: true },
      { explanation: '   ', submit: true },
      {},
    ];
    for (const body of bodies) {
      const response = await postEvidence(ctx.app, paid.merchant, dispute.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
    const badId = await ctx.app.inject({
      method: 'GET',
      url: '/api/disputes/not-a-uuid',
      headers: bearer(paid.merchant.token),
    });
    expect(badId.statusCode).toBe(400);
    const badStatus = await ctx.app.inject({
      method: 'GET',
      url: '/api/disputes?status=OPEN',
      headers: bearer(paid.merchant.token),
    });
    expect(badStatus.statusCode).toBe(400);
    expect((await getDispute(ctx.app, paid.merchant, dispute.id)).evidence).toBeNull();
  });

  it("another merchant's dispute is 404 on every route, and not in their list", async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const stranger = await signUpMerchant(ctx.app);
    const headers = bearer(stranger.token);
    const calls = [
      ctx.app.inject({ method: 'GET', url: `/api/disputes/${dispute.id}`, headers }),
      ctx.app.inject({
        method: 'POST',
        url: `/api/disputes/${dispute.id}/evidence`,
        headers,
        payload: { explanation: 'mine now' },
      }),
      ctx.app.inject({ method: 'POST', url: `/api/disputes/${dispute.id}/accept`, headers }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Dispute not found');
    }
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/disputes', headers });
    expect(theirs.json()).toMatchObject({ items: [], needsResponseCount: 0 });
    const summary = await ctx.app.inject({ method: 'GET', url: '/api/disputes/summary', headers });
    expect(summary.json()).toEqual({ needsResponseCount: 0 });
    // Untouched.
    expect((await getDispute(ctx.app, paid.merchant, dispute.id)).status).toBe('NEEDS_RESPONSE');
    expect((await postAccept(ctx.app, paid.merchant, dispute.id)).statusCode).toBe(200);
  });

  it('dispute.* events reach the webhook and the bell, and the merchant gets the email at once', async () => {
    const merchant = await signUpMerchant(ctx.app);
    // Email notifications on: the dispute's own email still comes once, not twice.
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${merchant.userId}/notification-settings`,
      headers: bearer(merchant.token),
      payload: {
        inApp: true,
        accountUpdates: true,
        incomingPayments: false,
        outgoingTransfer: false,
        securityAlerts: false,
        email: true,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // An endpoint taking deliveries: without one no webhooks delivery is written (ADR 068).
    await dbOf(ctx.app).execute(
      sql`insert into webhook_endpoints (user_id, url, secret_sealed)
          values (${merchant.userId}, 'https://merchant.example/hooks', 'sealed')`,
    );
    const { paid, dispute } = await openedDispute(ctx.app, { merchant });
    const [event] = await sqlRows<{ payload: { data: Record<string, unknown> } }>(
      ctx.app,
      sql`select payload from outbox_events where user_id = ${paid.merchant.userId} and event_type = 'dispute.created'`,
    );
    expect(event?.payload.data).toMatchObject({
      disputeId: dispute.id,
      amount: paid.total,
      status: 'NEEDS_RESPONSE',
      reason: 'fraudulent',
    });
    const handlers = await sqlRows<{ handler: string }>(
      ctx.app,
      sql`select d.handler from event_deliveries d join outbox_events e on e.id = d.event_id
          where e.user_id = ${paid.merchant.userId} and e.event_type = 'dispute.created' order by d.handler`,
    );
    expect(handlers.map((row) => row.handler)).toEqual(['dispute-email', 'notify', 'webhooks']);

    await ctx.app.deps.jobs.runDueEvents();
    const mails = await ctx.app.deps.email.mailbox(paid.merchant.email);
    const opened = mails.filter((mail) => mail.subject.startsWith('A payment of'));
    expect(opened).toHaveLength(1);
    expect(mails.filter((mail) => mail.subject === 'Payment disputed')).toEqual([]);
    expect(opened[0]?.subject).toMatch(/^A payment of ₦[\d,.]+ was disputed$/);
    expect(opened[0]?.text).toContain('Reason: Fraudulent');
    expect(opened[0]?.text).toContain(`/disputes/${dispute.id}`);
    const bell = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${paid.merchant.userId}/notifications`,
      headers: bearer(paid.merchant.token),
    });
    expect(bell.json().items).toContainEqual(
      expect.objectContaining({ type: 'disputes', title: 'Payment disputed' }),
    );
    const queued = await sqlRows<{ event_type: string }>(
      ctx.app,
      sql`select event_type from webhook_deliveries where user_id = ${merchant.userId}`,
    );
    expect(queued.map((row) => row.event_type)).toContain('dispute.created');
  });
});
