import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYSTACK_REFUND_MESSAGES } from '../../../src/providers/payments/paystack-refunds.ts';
import { fundWallet, sqlRows, walletBalance } from '../../helper.ts';
import { eventsFor } from '../checkout/checkout-fixtures.ts';
import {
  type PaidThroughPaystack,
  paidThroughPaystack,
  postWebhook,
  SECRET_KEY,
  usePaystackCheckout,
  waitFor,
  withoutWebhooks,
} from '../checkout/paystack-checkout-fixtures.ts';
import {
  expectLedgerVerifies,
  getRefund,
  postRefund,
  refund,
  refundsInTransit,
  runRefundsJob,
} from './refund-fixtures.ts';

interface PaystackRefund {
  id: number;
  amount: number;
  currency: string;
  status: string;
  merchant_note: string;
  customer_note: string;
}

describe('refunds of payments taken through Paystack (POST /refund, refund.* webhooks; issue 24 §2)', () => {
  const { checkout, app, controls } = usePaystackCheckout();

  /** A merchant whose ₦5,000 product a customer paid on Paystack's page, with ₦10,000 more in the wallet. */
  async function paidAndFunded(): Promise<PaidThroughPaystack> {
    const paid = await paidThroughPaystack(checkout());
    await fundWallet(app(), paid.walletId, 1_000_000);
    return paid;
  }

  async function paystackCall<T>(path: string): Promise<T> {
    const response = await fetch(`${checkout().paystack.url}${path}`, {
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    return ((await response.json()) as { data: T }).data;
  }

  /** The refunds Paystack holds of the transaction with this reference, newest first. */
  async function paystackRefundsOf(reference: string) {
    const transaction = await paystackCall<{ id: number }>(`/transaction/verify/${reference}`);
    return paystackCall<PaystackRefund[]>(`/refund?transaction=${transaction.id}`);
  }

  const refundPosts = (reference: string) =>
    controls().requests.filter(
      (request) =>
        request.method === 'POST' && request.path === '/refund' && request.body?.transaction === reference,
    ).length;

  async function storedRefund(refundId: string) {
    const [row] = await sqlRows<{ status: string; provider_reference: string | null }>(
      app(),
      sql`select status, provider_reference from refunds where id = ${refundId}`,
    );
    return row;
  }

  async function refundEventsOf(paymentId: string) {
    return (await eventsFor(app(), paymentId))
      .map((event) => event.type)
      .filter((type) => type.startsWith('refund.'))
      .sort();
  }

  const refundNotice = (event: string, reference: string, status: string) =>
    JSON.stringify({
      event,
      data: {
        status,
        transaction_reference: reference,
        refund_reference: 'RFD_made_up',
        amount: 500_000,
        currency: 'NGN',
      },
    });

  it('asks Paystack once with our reference in merchant_note and the note to the customer: PENDING, then SUCCEEDED by the refund.processed webhook', async () => {
    const paid = await paidAndFunded();
    const before = await walletBalance(app(), paid.walletId);
    const inTransit = await refundsInTransit(app());

    const customerNote = 'Sorry the scarf arrived torn. Your money is on its way back.';
    const made = await refund(app(), paid.merchant, { transactionId: paid.transactionId, customerNote });

    expect(made).toMatchObject({ status: 'PENDING', amount: paid.payment.total, currency: 'NGN' });
    expect(await walletBalance(app(), paid.walletId)).toBe(before - paid.payment.total);
    const [atPaystack] = await paystackRefundsOf(paid.payment.reference);
    expect(atPaystack).toMatchObject({
      amount: paid.payment.total,
      currency: 'NGN',
      status: 'pending',
      merchant_note: `Bizdash refund ${made.id}`,
      customer_note: customerNote,
    });
    expect(await storedRefund(made.id)).toEqual({
      status: 'PENDING',
      provider_reference: String(atPaystack?.id),
    });

    controls().processRefunds('processed');
    await controls().webhooksIdle();

    expect(await getRefund(app(), paid.merchant, made.id)).toMatchObject({
      status: 'SUCCEEDED',
      failureReason: null,
      settledAt: expect.any(String),
    });
    expect(await walletBalance(app(), paid.walletId)).toBe(before - paid.payment.total);
    expect(await refundsInTransit(app())).toBe(inTransit);
    expect(await refundEventsOf(paid.payment.paymentId)).toEqual(['refund.created', 'refund.succeeded']);
    expect(refundPosts(paid.payment.reference)).toBe(1);
    await expectLedgerVerifies(app());
  });

  it('is SUCCEEDED by the refunds job when no webhook comes', async () => {
    const paid = await paidAndFunded();
    const made = await withoutWebhooks(checkout(), async () => {
      const asked = await refund(app(), paid.merchant, { transactionId: paid.transactionId });
      controls().processRefunds('processed');
      await runRefundsJob(app());
      return asked;
    });
    expect(await getRefund(app(), paid.merchant, made.id)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await refundEventsOf(paid.payment.paymentId)).toEqual(['refund.created', 'refund.succeeded']);
    await expectLedgerVerifies(app());
  });

  it("a refund Paystack fails gives the money back to the wallet (FAILED, Paystack's reason), and can be asked again", async () => {
    const paid = await paidAndFunded();
    const before = await walletBalance(app(), paid.walletId);
    const inTransit = await refundsInTransit(app());
    const made = await refund(app(), paid.merchant, { transactionId: paid.transactionId });

    controls().processRefunds('failed');
    await controls().webhooksIdle();

    expect(await getRefund(app(), paid.merchant, made.id)).toMatchObject({
      status: 'FAILED',
      failureReason: PAYSTACK_REFUND_MESSAGES.failed,
    });
    expect(await walletBalance(app(), paid.walletId)).toBe(before);
    expect(await refundsInTransit(app())).toBe(inTransit);
    expect(await refundEventsOf(paid.payment.paymentId)).toEqual(['refund.created', 'refund.failed']);
    await expectLedgerVerifies(app());

    const again = await refund(app(), paid.merchant, { transactionId: paid.transactionId });
    expect(again.status).toBe('PENDING');
    expect((await paystackRefundsOf(paid.payment.reference)).map((one) => one.status)).toEqual([
      'pending',
      'failed',
    ]);
  });

  it("a refund Paystack refuses (less is left there than here) is FAILED at once with Paystack's words, the money back", async () => {
    const paid = await paidAndFunded();
    // Part of the payment was refunded from Paystack's dashboard, which Bizdash does not know.
    await fetch(`${checkout().paystack.url}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: paid.payment.reference, amount: 100_000 }),
    });
    const before = await walletBalance(app(), paid.walletId);

    const made = await refund(app(), paid.merchant, { transactionId: paid.transactionId });

    expect(made).toMatchObject({
      status: 'FAILED',
      failureReason: PAYSTACK_REFUND_MESSAGES.refused(
        'Refund amount cannot be more than the amount left to refund',
      ),
    });
    expect(made.failureReason).toBe(
      'Paystack refused the refund: Refund amount cannot be more than the amount left to refund',
    );
    expect(await walletBalance(app(), paid.walletId)).toBe(before);
    expect(await paystackRefundsOf(paid.payment.reference)).toHaveLength(1);
    await expectLedgerVerifies(app());
  });

  it.each(['timeout-after-work', 'server-error-after-work'] as const)(
    'a POST /refund whose answer is lost (%s) leads to exactly one Paystack refund once the job runs again',
    async (fault) => {
      const paid = await paidAndFunded();
      controls().failNext('POST', '/refund', fault);

      const made = await refund(app(), paid.merchant, { transactionId: paid.transactionId });

      expect(made.status).toBe('PENDING');
      expect(await storedRefund(made.id)).toEqual({ status: 'PENDING', provider_reference: null });
      const atPaystack = await paystackRefundsOf(paid.payment.reference);
      expect(atPaystack).toHaveLength(1);
      // Its refund.pending notice names a refund Paystack never answered us for: it waits for its own retry.
      await controls().webhooksIdle();
      expect(await storedRefund(made.id)).toEqual({ status: 'PENDING', provider_reference: null });

      await runRefundsJob(app());

      expect(await storedRefund(made.id)).toEqual({
        status: 'PENDING',
        provider_reference: String(atPaystack[0]?.id),
      });
      expect(await paystackRefundsOf(paid.payment.reference)).toHaveLength(1);
      expect(refundPosts(paid.payment.reference)).toBe(1);

      controls().processRefunds('processed');
      await controls().webhooksIdle();
      expect(await getRefund(app(), paid.merchant, made.id)).toMatchObject({ status: 'SUCCEEDED' });
      await expectLedgerVerifies(app());
    },
  );

  it('Paystack not answering before anything was asked: the refund waits PENDING, nothing at Paystack, and is asked once by the job', async () => {
    const paid = await paidAndFunded();
    controls().failNext('GET', '/refund', 'server-error');

    const made = await refund(app(), paid.merchant, { transactionId: paid.transactionId });

    expect(await storedRefund(made.id)).toEqual({ status: 'PENDING', provider_reference: null });
    expect(await paystackRefundsOf(paid.payment.reference)).toEqual([]);
    await runRefundsJob(app());
    const atPaystack = await paystackRefundsOf(paid.payment.reference);
    expect(atPaystack.map((one) => one.merchant_note)).toEqual([`Bizdash refund ${made.id}`]);
    expect(await storedRefund(made.id)).toEqual({
      status: 'PENDING',
      provider_reference: String(atPaystack[0]?.id),
    });
    await expectLedgerVerifies(app());
  });

  it('refunds in parts: each part is a Paystack refund of its own amount, both settle, nothing is left to refund', async () => {
    const paid = await paidAndFunded();
    const before = await walletBalance(app(), paid.walletId);
    const first = await refund(app(), paid.merchant, { transactionId: paid.transactionId, amount: 200_000 });
    const rest = paid.payment.total - 200_000;
    const second = await refund(app(), paid.merchant, { transactionId: paid.transactionId });

    expect(second.amount).toBe(rest);
    expect(
      (await paystackRefundsOf(paid.payment.reference)).map((one) => [one.amount, one.merchant_note]),
    ).toEqual([
      [rest, `Bizdash refund ${second.id}`],
      [200_000, `Bizdash refund ${first.id}`],
    ]);
    const third = await postRefund(app(), paid.merchant, {
      transactionId: paid.transactionId,
      reason: 'other',
    });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'FULLY_REFUNDED' });

    controls().processRefunds('processed');
    await controls().webhooksIdle();
    for (const part of [first, second])
      expect(await getRefund(app(), paid.merchant, part.id)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await walletBalance(app(), paid.walletId)).toBe(before - paid.payment.total);
    await expectLedgerVerifies(app());
  });

  it('a forged refund webhook changes nothing: a wrong signature is 401, a signed one that lies is checked with Paystack', async () => {
    const paid = await paidAndFunded();
    const made = await refund(app(), paid.merchant, { transactionId: paid.transactionId });
    await controls().webhooksIdle();
    const balance = await walletBalance(app(), paid.walletId);
    const lie = refundNotice('refund.processed', paid.payment.reference, 'processed');

    const forged = await postWebhook(app(), lie, 'sk_test_not_our_key');
    expect(forged.statusCode).toBe(401);
    const signed = await postWebhook(app(), lie);
    expect(signed.statusCode).toBe(200);

    // Paystack still says pending: so does the refund.
    expect(await storedRefund(made.id)).toMatchObject({ status: 'PENDING' });
    expect(await walletBalance(app(), paid.walletId)).toBe(balance);
    expect(await refundEventsOf(paid.payment.paymentId)).toEqual(['refund.created']);
    await expectLedgerVerifies(app());
  });

  it('a replayed refund.processed webhook changes nothing', async () => {
    const paid = await paidAndFunded();
    const made = await refund(app(), paid.merchant, { transactionId: paid.transactionId });
    controls().processRefunds('processed');
    await controls().webhooksIdle();
    await waitFor(async () => (await storedRefund(made.id))?.status === 'SUCCEEDED');
    const balance = await walletBalance(app(), paid.walletId);
    const inTransit = await refundsInTransit(app());
    const notice = controls().webhooks.findIndex(
      (hook) =>
        hook.event === 'refund.processed' &&
        hook.body.includes(`"transaction_reference":"${paid.payment.reference}"`),
    );

    const replay = await controls().resendWebhook(notice);

    expect(replay.status).toBe(200);
    expect(await storedRefund(made.id)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await walletBalance(app(), paid.walletId)).toBe(balance);
    expect(await refundsInTransit(app())).toBe(inTransit);
    expect(await refundEventsOf(paid.payment.paymentId)).toEqual(['refund.created', 'refund.succeeded']);
    await expectLedgerVerifies(app());
  });

  it('a refund notice of no refund of ours is acknowledged and not applied', async () => {
    const response = await postWebhook(app(), refundNotice('refund.processed', 'not-ours-1', 'processed'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, applied: false });
  });
});
