import type { DisputeDetail } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bearer, type Merchant, sqlRows, walletBalance } from '../../helper.ts';
import {
  type PaidThroughPaystack,
  type PaystackCheckout,
  paidThroughPaystack,
  postWebhook,
  usePaystackCheckout,
} from '../checkout/paystack-checkout-fixtures.ts';
import { multipartBody, PDF } from '../files/multipart-body.ts';
import { expectLedgerVerifies } from '../refunds/refund-fixtures.ts';
import {
  disputesHeld,
  eventTypesOf,
  getDispute,
  listDisputes,
  postAccept,
  postEvidence,
  runJob,
} from './dispute-fixtures.ts';

/** The merchant's disputes of this payment, as GET /api/disputes lists them. */
async function disputesOf(checkout: PaystackCheckout, paid: PaidThroughPaystack) {
  return (await listDisputes(checkout.ctx.app, paid.merchant, `?transactionId=${paid.transactionId}`)).items;
}

/** The one dispute of this payment, in full, once it opened. */
async function theDispute(checkout: PaystackCheckout, paid: PaidThroughPaystack): Promise<DisputeDetail> {
  const [item] = await disputesOf(checkout, paid);
  if (!item) throw new Error('no dispute opened');
  return getDispute(checkout.ctx.app, paid.merchant, item.id);
}

const networkActionOf = async (checkout: PaystackCheckout, disputeId: string) =>
  (
    await sqlRows<{ network_action: string | null }>(
      checkout.ctx.app,
      sql`select network_action from disputes where id = ${disputeId}`,
    )
  )[0]?.network_action;

describe('disputes of card payments taken through Paystack (PAYMENTS_PROVIDER=paystack, issue 24 §2)', () => {
  const { checkout, app, controls } = usePaystackCheckout();

  /** Paystack opens a dispute of the payment and its charge.dispute.create reaches the app; answers both ids. */
  async function opened(paid: PaidThroughPaystack, options: { category?: string; amount?: number } = {}) {
    const paystackId = controls().disputes.open(paid.payment.reference, { dueInHours: 24 * 7, ...options });
    await controls().webhooksIdle();
    return { paystackId, dispute: await theDispute(checkout(), paid) };
  }

  const upload = (merchant: Merchant, disputeId: string) => {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'delivery-proof.pdf', contentType: 'application/pdf', bytes: PDF },
    ]);
    return app().inject({
      method: 'POST',
      url: `/api/disputes/${disputeId}/files`,
      payload,
      headers: { ...headers, ...bearer(merchant.token) },
    });
  };

  it('charge.dispute.create opens the dispute and holds its amount; a replay and a forged notice change nothing', async () => {
    const paid = await paidThroughPaystack(checkout());
    const before = await walletBalance(app(), paid.walletId);
    const heldBefore = await disputesHeld(app());
    const paystackId = controls().disputes.open(paid.payment.reference, {
      category: 'fraud',
      dueInHours: 72,
    });
    await controls().webhooksIdle();
    const notice = controls().webhooks.findIndex(
      (hook) => hook.event === 'charge.dispute.create' && JSON.parse(hook.body).data.id === paystackId,
    );
    expect(controls().webhooks[notice]?.status).toBe(200);

    const dispute = await theDispute(checkout(), paid);
    const dueAt = controls().disputes.find(paystackId).dueAt;
    expect(dispute).toMatchObject({
      status: 'NEEDS_RESPONSE',
      reason: 'fraudulent',
      amount: paid.payment.total,
      currency: 'NGN',
      paymentTransactionId: paid.transactionId,
      evidenceDueBy: dueAt,
    });
    expect(dispute.timeline.map((entry) => entry.kind)).toEqual(['OPENED']);
    expect(await walletBalance(app(), paid.walletId)).toBe(before - paid.payment.total);
    expect(await disputesHeld(app())).toBe(heldBefore + paid.payment.total);

    // Paystack sends it again (its bytes and signature), then reminds: still one dispute, one hold.
    expect((await controls().resendWebhook(notice)).status).toBe(200);
    controls().disputes.remind(paystackId);
    await controls().webhooksIdle();
    // A notice not signed with our key is refused before it is read.
    const body = controls().webhooks[notice]?.body ?? '';
    const forged = JSON.stringify({ ...JSON.parse(body), data: { ...JSON.parse(body).data, id: 4242 } });
    expect((await postWebhook(app(), forged, 'sk_test_not_ours')).statusCode).toBe(401);

    expect(await disputesOf(checkout(), paid)).toHaveLength(1);
    expect(await walletBalance(app(), paid.walletId)).toBe(before - paid.payment.total);
    expect(await disputesHeld(app())).toBe(heldBefore + paid.payment.total);
    expect(await eventTypesOf(app(), paid.merchant.userId)).toEqual(['dispute.created']);
    await expectLedgerVerifies(app());
  });

  it('a dispute of a transaction that is not ours is acknowledged and not applied', async () => {
    const paid = await paidThroughPaystack(checkout());
    const { paystackId } = await opened(paid);
    const data = controls().disputes.find(paystackId);
    const stranger = {
      ...data,
      id: 777_001,
      transaction: { ...data.transaction, reference: 'BZD-NOT-OURS-1' },
    };
    const answer = await postWebhook(
      app(),
      JSON.stringify({ event: 'charge.dispute.create', data: stranger }),
    );
    expect(answer.json()).toEqual({ received: true, applied: false });
    expect(await sqlRows(app(), sql`select id from disputes where provider_reference = '777001'`)).toEqual(
      [],
    );
  });

  it('evidence reaches Paystack (evidence, the file’s bytes, resolve declined); charge.dispute.resolve declined wins it', async () => {
    const paid = await paidThroughPaystack(checkout());
    const { paystackId, dispute } = await opened(paid);
    const balanceOpen = await walletBalance(app(), paid.walletId);
    const file = await upload(paid.merchant, dispute.id);
    expect(file.statusCode, file.body).toBe(201);

    const explanation = 'The customer collected the order in person and signed for it.';
    const submitted = await postEvidence(app(), paid.merchant, dispute.id, {
      explanation,
      customerEmail: 'chioma@example.com',
      deliveryDetails: 'Collected at the Lekki shop',
      fileIds: [file.json().id],
      submit: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('UNDER_REVIEW');
    expect(await networkActionOf(checkout(), dispute.id)).toBeNull();

    const atPaystack = controls().disputes.find(paystackId);
    expect(atPaystack.status).toBe('awaiting-bank-feedback');
    expect(atPaystack.evidence).toMatchObject({
      customer_email: 'chioma@example.com',
      // No name in the evidence: the name the customer paid under.
      customer_name: 'Chioma Eze',
      customer_phone: 'Not collected',
      service_details: explanation,
      delivery_address: 'Collected at the Lekki shop',
    });
    expect(atPaystack.uploads).toHaveLength(1);
    expect(atPaystack.uploads[0]?.requestedName).toBe('delivery-proof.pdf');
    expect(atPaystack.uploads[0]?.bytes?.equals(PDF)).toBe(true);
    expect(atPaystack.answer).toEqual({
      resolution: 'declined',
      message: explanation,
      refundAmount: 0,
      uploadedFilename: atPaystack.uploads[0]?.fileName,
      evidence: atPaystack.evidence?.id,
    });

    controls().disputes.decide(paystackId, 'win');
    await controls().webhooksIdle();
    const won = await getDispute(app(), paid.merchant, dispute.id);
    expect(won.status).toBe('WON');
    expect(won.timeline.map((entry) => entry.kind)).toEqual(['OPENED', 'EVIDENCE_SUBMITTED', 'WON']);
    expect(await walletBalance(app(), paid.walletId)).toBe(balanceOpen + paid.payment.total);
    expect(await eventTypesOf(app(), paid.merchant.userId)).toEqual([
      'dispute.created',
      'dispute.updated',
      'dispute.closed',
    ]);
    await expectLedgerVerifies(app());
  });

  it('evidence without files sends a statement as the file; the bank deciding for the customer loses it', async () => {
    const paid = await paidThroughPaystack(checkout());
    const { paystackId, dispute } = await opened(paid, { category: 'chargeback' });
    expect(dispute.reason).toBe('other');
    const balanceOpen = await walletBalance(app(), paid.walletId);
    const submitted = await postEvidence(app(), paid.merchant, dispute.id, {
      explanation: 'Delivered to the address given',
      customerName: 'Ada Obi',
      submit: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const atPaystack = controls().disputes.find(paystackId);
    expect(atPaystack.evidence).toMatchObject({
      customer_name: 'Ada Obi',
      customer_email: 'chioma@example.com',
    });
    expect(atPaystack.uploads.map((file) => file.requestedName)).toEqual([
      `dispute-${paystackId}-statement.txt`,
    ]);
    expect(atPaystack.uploads[0]?.bytes?.toString()).toContain('Delivered to the address given');

    controls().disputes.decide(paystackId, 'lose');
    await controls().webhooksIdle();
    expect((await getDispute(app(), paid.merchant, dispute.id)).status).toBe('LOST');
    expect(await walletBalance(app(), paid.walletId)).toBe(balanceOpen);
    await expectLedgerVerifies(app());
  });

  it('accepting resolves merchant-accepted at Paystack; its charge.dispute.resolve closes nothing twice', async () => {
    const paid = await paidThroughPaystack(checkout());
    const { paystackId, dispute } = await opened(paid, { amount: 300_000 });
    expect(dispute.amount).toBe(300_000);
    const balanceOpen = await walletBalance(app(), paid.walletId);
    const heldOpen = await disputesHeld(app());
    const accepted = await postAccept(app(), paid.merchant, dispute.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await networkActionOf(checkout(), dispute.id)).toBeNull();

    const atPaystack = controls().disputes.find(paystackId);
    expect(atPaystack).toMatchObject({ status: 'resolved', resolution: 'merchant-accepted' });
    expect(atPaystack.answer).toMatchObject({ resolution: 'merchant-accepted', refundAmount: 300_000 });
    expect(atPaystack.uploads[0]?.bytes?.toString()).toContain('accepts the dispute');
    await controls().webhooksIdle();
    const resolveNotice = controls().webhooks.find(
      (hook) => hook.event === 'charge.dispute.resolve' && JSON.parse(hook.body).data.id === paystackId,
    );
    expect(resolveNotice?.status).toBe(200);

    const closed = await getDispute(app(), paid.merchant, dispute.id);
    expect(closed.status).toBe('ACCEPTED');
    expect(closed.timeline.map((entry) => entry.kind)).toEqual(['OPENED', 'ACCEPTED']);
    expect(await walletBalance(app(), paid.walletId)).toBe(balanceOpen);
    expect(await disputesHeld(app())).toBe(heldOpen - 300_000);
    expect(await eventTypesOf(app(), paid.merchant.userId)).toEqual(['dispute.created', 'dispute.closed']);
    await expectLedgerVerifies(app());
  });

  it('an answer whose outcome Paystack never told is sent again by the job, and is not made twice', async () => {
    const paid = await paidThroughPaystack(checkout());
    const { paystackId, dispute } = await opened(paid);
    controls().failNext('PUT', `/dispute/${paystackId}/resolve`, 'timeout-after-work');
    const submitted = await postEvidence(app(), paid.merchant, dispute.id, {
      explanation: 'Delivered',
      submit: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await networkActionOf(checkout(), dispute.id)).toBe('EVIDENCE');
    expect(controls().disputes.find(paystackId).status).toBe('awaiting-bank-feedback');

    await runJob(app(), new Date(Date.now() + 31_000));
    expect(await networkActionOf(checkout(), dispute.id)).toBeNull();
    const resolves = controls().requests.filter(
      (request) => request.method === 'PUT' && request.path === `/dispute/${paystackId}/resolve`,
    );
    expect(resolves).toHaveLength(1);
  });

  it('two answers racing to Paystack: the one refused as already resolved counts as told', async () => {
    const paid = await paidThroughPaystack(checkout());
    const { paystackId } = await opened(paid);
    const evidence = {
      disputeReference: String(paystackId),
      explanation: 'Delivered',
      customerName: 'Chioma Eze',
      customerEmail: 'chioma@example.com',
      deliveryDetails: null,
      files: [],
    };
    const payments = app().deps.payments;
    await Promise.all([payments.submitDisputeEvidence(evidence), payments.submitDisputeEvidence(evidence)]);
    const resolves = controls().requests.filter(
      (request) => request.method === 'PUT' && request.path === `/dispute/${paystackId}/resolve`,
    );
    // Both read the dispute before either answered: the second resolve was refused, and was not an error.
    expect(resolves).toHaveLength(2);
    expect(controls().disputes.find(paystackId)).toMatchObject({
      status: 'awaiting-bank-feedback',
      answer: { resolution: 'declined' },
    });
  });
});

describe('the disputes job reconciles from Paystack’s list when a webhook never came', () => {
  // A fresh app: its first run of the disputes job reads Paystack's list at once.
  const { checkout, app, controls } = usePaystackCheckout();
  const listCalls = () => controls().requests.filter((request) => request.path === '/dispute').length;
  afterAll(() => {
    vi.useRealTimers();
  });

  /** Runs `work` while Paystack's notices reach nobody (each tried until it gives up). */
  async function unheard<T>(work: () => T): Promise<T> {
    controls().setWebhookUrl(null);
    const result = work();
    await controls().webhooksIdle();
    controls().setWebhookUrl(checkout().webhookUrl);
    return result;
  }

  it('opens a dispute found in GET /dispute, lists at most every 10 minutes, and closes it once decided', async () => {
    const paid = await paidThroughPaystack(checkout());
    const before = await walletBalance(app(), paid.walletId);
    const paystackId = await unheard(() =>
      controls().disputes.open(paid.payment.reference, { dueInHours: 24 * 7 }),
    );
    expect(await disputesOf(checkout(), paid)).toEqual([]);

    await runJob(app());
    const dispute = await theDispute(checkout(), paid);
    expect(dispute).toMatchObject({ status: 'NEEDS_RESPONSE', amount: paid.payment.total });
    expect(await walletBalance(app(), paid.walletId)).toBe(before - paid.payment.total);
    expect(listCalls()).toBe(1);
    await runJob(app());
    expect(listCalls()).toBe(1);

    const submitted = await postEvidence(app(), paid.merchant, dispute.id, {
      explanation: 'Delivered',
      submit: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await unheard(() => controls().disputes.decide(paystackId, 'win'));
    expect((await getDispute(app(), paid.merchant, dispute.id)).status).toBe('UNDER_REVIEW');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await runJob(app());
    vi.useRealTimers();
    expect(listCalls()).toBe(2);
    expect((await getDispute(app(), paid.merchant, dispute.id)).status).toBe('WON');
    expect(await walletBalance(app(), paid.walletId)).toBe(before);
    expect(await disputesOf(checkout(), paid)).toHaveLength(1);
    await expectLedgerVerifies(app());
  });
});
