import type { CheckoutPayment } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYSTACK_PAYMENT_MESSAGES } from '../../../src/providers/payments/paystack-payments-provider.ts';
import { PAYSTACK_REFUND_MESSAGES } from '../../../src/providers/payments/paystack-refunds.ts';
import { countRows, walletBalance } from '../../helper.ts';
import {
  expectLedgerVerifies,
  getPayment,
  newKey,
  paymentRow,
  quantityOf,
  sellerWithProduct,
  startBody,
  startPayment,
  storedStatusOf,
  transactionsOf,
} from './checkout-fixtures.ts';
import {
  callsAbout,
  chargeNoticeOf,
  eventTypesOf,
  hostedBody,
  PUBLIC_URL,
  postWebhook,
  startHosted,
  tamperOurAmount,
  usePaystackCheckout,
  withoutWebhooks,
} from './paystack-checkout-fixtures.ts';

describe('card payments on Paystack’s hosted checkout (PAYMENTS_PROVIDER=paystack, issue 24 §2)', () => {
  const { checkout, app, controls } = usePaystackCheckout();

  /** A booked payment: one CREDIT with its fee, the wallet paid the net, the stock taken, the ledger whole. */
  async function expectBookedOnce(
    payment: CheckoutPayment,
    seller: { userId: string; NGN: string },
    productId: string,
  ) {
    expect(await storedStatusOf(app(), payment.paymentId)).toBe('SUCCESSFUL');
    expect(await eventTypesOf(app(), payment.paymentId)).toEqual(['payment.succeeded']);
    const rows = await transactionsOf(app(), seller.userId);
    expect(rows.map((row) => `${row.type} ${row.status} ${row.amount}`)).toEqual([
      `CREDIT SUCCESSFUL ${payment.total}`,
      ...(payment.fee > 0 ? [`DEBIT SUCCESSFUL ${payment.fee}`] : []),
    ]);
    expect(await walletBalance(app(), seller.NGN)).toBe(payment.total - payment.fee);
    expect(await quantityOf(app(), productId)).toBe(9);
    await expectLedgerVerifies(app());
  }

  async function expectNothingBooked(payment: CheckoutPayment, seller: { NGN: string }, productId: string) {
    expect(await walletBalance(app(), seller.NGN)).toBe(0);
    expect(await quantityOf(app(), productId)).toBe(10);
    expect(await eventTypesOf(app(), payment.paymentId)).not.toContain('payment.succeeded');
    await expectLedgerVerifies(app());
  }

  describe('starting a payment', () => {
    it('tells the page its flow is HOSTED, with no test cards', async () => {
      const { productId } = await sellerWithProduct(app());
      const response = await app().inject({ url: `/api/checkout/products/${productId}` });
      expect(response.json()).toMatchObject({ paymentFlow: 'HOSTED', testCards: null });
    });

    it("answers REDIRECT to Paystack's page, opened with our reference, amount in kobo, the customer's email and our return address", async () => {
      const { productId } = await sellerWithProduct(app());
      const key = newKey();
      const response = await app().inject({
        method: 'POST',
        url: `/api/checkout/products/${productId}/payments`,
        // The return address comes from PUBLIC_URL: a request's Host never makes it.
        headers: { 'idempotency-key': key, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: hostedBody({ quantity: 2 }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const payment: CheckoutPayment = response.json();
      const transaction = controls().transactions.find(
        (candidate) => candidate.reference === payment.reference,
      );
      expect(transaction).toBeDefined();
      const initialize = controls().requests.find(
        (request) =>
          request.path === '/transaction/initialize' && request.body?.reference === payment.reference,
      );
      const returnUrl = `${PUBLIC_URL}/pay/${productId}/payments/${payment.paymentId}`;
      expect(initialize?.body).toMatchObject({
        reference: payment.reference,
        amount: payment.total,
        currency: 'NGN',
        email: 'chioma@example.com',
        callback_url: returnUrl,
        channels: ['card'],
        metadata: { paymentId: payment.paymentId, productId, cancel_action: returnUrl },
      });
      expect(payment).toMatchObject({
        status: 'CREATED',
        nextAction: 'REDIRECT',
        redirectUrl: expect.stringMatching(new RegExp(`^${checkout().paystack.url}/checkout/`)),
        sandboxOtp: null,
        card: null,
        total: 1_000_000,
      });
      expect(response.body).not.toContain('evil.example');
      // No card was asked for or kept.
      const row = await paymentRow(app(), payment.paymentId);
      expect(row).toMatchObject({
        cardBrand: 'UNKNOWN',
        cardLast4: '',
        providerReference: payment.reference,
      });

      // The payment's page, and a retry with the same key, send the customer to the same page; Paystack is asked once.
      expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({
        nextAction: 'REDIRECT',
        redirectUrl: payment.redirectUrl,
      });
      const retry = await startPayment(app(), productId, hostedBody({ quantity: 2 }), key);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toMatchObject({ paymentId: payment.paymentId, redirectUrl: payment.redirectUrl });
      expect(
        callsAbout(checkout().paystack, payment.reference).filter((call) => call.startsWith('POST')),
      ).toEqual(['POST /transaction/initialize']);
    });

    it('refuses card details (400 CARD_NOT_ACCEPTED): nothing is opened, nothing sent to Paystack', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const before = controls().requests.length;
      const response = await startPayment(app(), productId, startBody());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'CARD_NOT_ACCEPTED' });
      expect(
        await countRows(
          app(),
          sql`select count(*) as n from checkout_payments where user_id = ${seller.userId}`,
        ),
      ).toBe(0);
      expect(controls().requests.length).toBe(before);
    });
  });

  describe('a paid payment is booked once', () => {
    it('by the return page alone (no webhook): its card is the one Paystack reports', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      const returned = await withoutWebhooks(checkout(), async () => {
        const back = controls().completeCheckout(payment.reference, 'success');
        expect(back).toBe(
          `${PUBLIC_URL}/pay/${productId}/payments/${payment.paymentId}?trxref=${payment.reference}&reference=${payment.reference}`,
        );
        return (await getPayment(app(), payment.paymentId)).json();
      });
      expect(returned).toMatchObject({
        status: 'SUCCESSFUL',
        nextAction: null,
        redirectUrl: null,
        card: { brand: 'VISA', last4: '4081' },
      });
      expect(callsAbout(checkout().paystack, payment.reference)).toContain(
        `GET /transaction/verify/${payment.reference}`,
      );
      await expectBookedOnce(payment, seller, productId);
    });

    it('by the webhook alone (nobody came back to the page)', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      controls().completeCheckout(payment.reference, 'success');
      await controls().webhooksIdle();
      const notice = controls().webhooks[chargeNoticeOf(checkout().paystack, payment.reference)];
      expect(notice?.status).toBe(200);
      await expectBookedOnce(payment, seller, productId);
    });

    it('by the webhook, then the return page, then a replayed webhook', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      controls().completeCheckout(payment.reference, 'success');
      await controls().webhooksIdle();
      expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({ status: 'SUCCESSFUL' });
      await controls().resendWebhook(chargeNoticeOf(checkout().paystack, payment.reference));
      await expectBookedOnce(payment, seller, productId);
    });

    it('by the return page, then the webhook', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      await withoutWebhooks(checkout(), async () => {
        controls().completeCheckout(payment.reference, 'success');
        expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({ status: 'SUCCESSFUL' });
      });
      const late = await controls().resendWebhook(chargeNoticeOf(checkout().paystack, payment.reference));
      expect(late.status).toBe(200);
      await expectBookedOnce(payment, seller, productId);
    });

    it('by the return page and the webhook at once', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      await withoutWebhooks(checkout(), async () => {
        controls().completeCheckout(payment.reference, 'success');
      });
      const notice = chargeNoticeOf(checkout().paystack, payment.reference);
      const [hook, ...pages] = await Promise.all([
        controls().resendWebhook(notice),
        ...Array.from({ length: 4 }, () => getPayment(app(), payment.paymentId)),
      ]);
      expect(hook.status).toBe(200);
      expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({ status: 'SUCCESSFUL' });
      await expectBookedOnce(payment, seller, productId);
    });
  });

  describe('what is not booked', () => {
    it('a payment whose amount differs from ours: FAILED, refunded in full at Paystack', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      // Paystack was told one amount; our order now says another (as if the transaction had been tampered with).
      await tamperOurAmount(app(), payment.paymentId, 100);
      controls().completeCheckout(payment.reference, 'success');
      await controls().webhooksIdle();
      const seen = (await getPayment(app(), payment.paymentId)).json();
      expect(seen).toMatchObject({
        status: 'FAILED',
        failureReason: expect.stringContaining('different amount or currency'),
      });
      expect(callsAbout(checkout().paystack, payment.reference)).toContain('POST /refund');
      await expectNothingBooked(payment, seller, productId);
    });

    it('a signed webhook that says "paid" with another amount while Paystack has not been paid: nothing changes', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      const body = JSON.stringify({
        event: 'charge.success',
        data: { reference: payment.reference, status: 'success', amount: 100, currency: 'NGN' },
      });
      const response = await postWebhook(app(), body);
      expect(response.statusCode).toBe(200);
      // The notice's own words count for nothing: Paystack's verify says the customer is still on its page.
      expect(await storedStatusOf(app(), payment.paymentId)).toBe('CREATED');
      await expectNothingBooked(payment, seller, productId);
    });

    it('a forged webhook is 401 and changes nothing, even for a transaction Paystack has as paid', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      await withoutWebhooks(checkout(), async () => {
        controls().completeCheckout(payment.reference, 'success');
      });
      const body = controls().webhooks[chargeNoticeOf(checkout().paystack, payment.reference)]?.body ?? '';
      const verifiesBefore = callsAbout(checkout().paystack, payment.reference).length;
      for (const key of [null, 'sk_test_someoneelse0000000000000000']) {
        const response = await postWebhook(app(), body, key);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
      }
      expect(callsAbout(checkout().paystack, payment.reference).length).toBe(verifiesBefore);
      expect(await storedStatusOf(app(), payment.paymentId)).toBe('CREATED');
      await expectNothingBooked(payment, seller, productId);
    });

    it.each([
      ['declined', 'failed', PAYSTACK_PAYMENT_MESSAGES.declined('Declined')],
      ['abandoned', 'abandoned', PAYSTACK_PAYMENT_MESSAGES.abandoned],
    ] as const)(
      'a %s payment fails as today: FAILED with why, the stock untouched',
      async (_, outcome, reason) => {
        const { seller, productId } = await sellerWithProduct(app());
        const payment = await startHosted(app(), productId);
        controls().completeCheckout(payment.reference, outcome);
        const seen = (await getPayment(app(), payment.paymentId)).json();
        expect(seen).toMatchObject({
          status: 'FAILED',
          failureReason: reason,
          nextAction: null,
          redirectUrl: null,
        });
        expect(await eventTypesOf(app(), payment.paymentId)).toEqual(['payment.failed']);
        expect(callsAbout(checkout().paystack, payment.reference)).not.toContain('POST /refund');
        await expectNothingBooked(payment, seller, productId);
      },
    );

    it('a cancel from the payment page after paying on Paystack keeps the payment: booked, not cancelled', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      await withoutWebhooks(checkout(), async () => {
        controls().completeCheckout(payment.reference, 'success');
        const cancel = await app().inject({
          method: 'POST',
          url: `/api/checkout/payments/${payment.paymentId}/cancel`,
        });
        expect(cancel.json()).toMatchObject({ status: 'SUCCESSFUL' });
      });
      await expectBookedOnce(payment, seller, productId);
    });

    it('an unknown charge.success reference is acknowledged and ignored', async () => {
      const response = await postWebhook(
        app(),
        JSON.stringify({ event: 'charge.success', data: { reference: 'BZD-NOTOURS2345', amount: 100 } }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, applied: false });
    });
  });

  it('refuses card calls with a sentence; a refund of a transaction Paystack does not have is FAILED', async () => {
    const provider = app().deps.payments;
    await expect(provider.lookup('anything')).rejects.toThrow(/hosted page/);
    await expect(
      provider.refund({
        providerReference: 'BZD-X',
        refundReference: 'r',
        amount: 1,
        currency: 'NGN',
        customerNote: null,
      }),
    ).resolves.toEqual({
      state: 'FAILED',
      refundId: null,
      reason: PAYSTACK_REFUND_MESSAGES.noTransaction,
    });
  });
});
