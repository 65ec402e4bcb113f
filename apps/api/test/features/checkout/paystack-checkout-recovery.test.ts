import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { isTestMode, loadConfig, usesPaystack } from '../../../src/config.ts';
import { failAbandonedPayments } from '../../../src/features/checkout/checkout.service.ts';
import { createCheckoutContext } from '../../../src/features/checkout/checkout-context.ts';
import {
  abandonedReason,
  SOLD_OUT_WHILE_PAYING,
} from '../../../src/features/checkout/checkout-transitions.ts';
import { countRows, walletBalance } from '../../helper.ts';
import {
  expectLedgerVerifies,
  getPayment,
  newKey,
  quantityOf,
  sellerWithProduct,
  startPayment,
  storedStatusOf,
} from './checkout-fixtures.ts';
import {
  callsAbout,
  eventTypesOf,
  hostedBody,
  SECRET_KEY,
  startHosted,
  usePaystackCheckout,
  withoutWebhooks,
} from './paystack-checkout-fixtures.ts';

const NOT_STARTED =
  'The card payment service did not answer in time, so this payment was not started. Your card was not charged. Please try again.';

describe('Paystack checkout when things go wrong (PAYMENTS_PROVIDER=paystack)', () => {
  const { checkout, app, controls } = usePaystackCheckout();
  const context = () => createCheckoutContext(app().deps, app().log);
  const openPaymentsOf = (userId: string) =>
    countRows(
      app(),
      sql`select count(*) as n from checkout_payments where user_id = ${userId} and completed_at is null`,
    );

  it.each([
    ['times out', 'timeout'],
    ['times out after opening the transaction', 'timeout-after-work'],
    ['answers 500', 'server-error'],
  ] as const)(
    'Paystack %s on initialize: a clear 502, the payment FAILED unstarted, no orphan',
    async (_, fault) => {
      const { seller, productId } = await sellerWithProduct(app());
      controls().failNext('POST', '/transaction/initialize', fault);
      const key = newKey();
      const response = await startPayment(app(), productId, hostedBody(), key);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: NOT_STARTED, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
      expect(await openPaymentsOf(seller.userId)).toBe(0);

      // The same attempt again (same key) is answered with that payment, failed; nothing is opened at Paystack again.
      const initializes = controls().requests.filter(
        (request) => request.path === '/transaction/initialize',
      ).length;
      const retry = await startPayment(app(), productId, hostedBody(), key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ status: 'FAILED', failureReason: NOT_STARTED, nextAction: null });
      expect(controls().requests.filter((request) => request.path === '/transaction/initialize').length).toBe(
        initializes,
      );
      expect(await eventTypesOf(app(), retry.json().paymentId)).toEqual(['payment.failed']);
      expect(await walletBalance(app(), seller.NGN)).toBe(0);
      await expectLedgerVerifies(app());
    },
  );

  it('Paystack down while the customer comes back: the payment stays open, then is booked once Paystack answers', async () => {
    const { seller, productId } = await sellerWithProduct(app());
    const payment = await startHosted(app(), productId);
    await withoutWebhooks(checkout(), async () => {
      controls().completeCheckout(payment.reference, 'success');
    });
    controls().setDown(true);
    // The page asks every 3 s (Paystack is asked about one payment at most every 2 s): time moves on between looks.
    vi.useFakeTimers({ toFake: ['Date'] });
    const nextLook = () => vi.setSystemTime(Date.now() + 3_000);
    try {
      const seen = await getPayment(app(), payment.paymentId);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ status: 'CREATED', nextAction: 'REDIRECT' });
      // A verify that timed out is no answer either.
      controls().setDown(false);
      controls().failNext('GET', `/transaction/verify/${payment.reference}`, 'timeout');
      nextLook();
      expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({ status: 'CREATED' });
      nextLook();
      expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({ status: 'SUCCESSFUL' });
    } finally {
      controls().setDown(false);
      vi.useRealTimers();
    }
    expect(await walletBalance(app(), seller.NGN)).toBe(payment.total - payment.fee);
    await expectLedgerVerifies(app());
  });

  it('asks Paystack about an open payment at most every 2 seconds, however often its page is asked', async () => {
    const { productId } = await sellerWithProduct(app());
    const payment = await startHosted(app(), productId);
    const verifies = () =>
      controls().requests.filter((request) => request.path === `/transaction/verify/${payment.reference}`)
        .length;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let look = 0; look < 5; look += 1)
        expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({ status: 'CREATED' });
      expect(verifies()).toBe(1);
      vi.setSystemTime(Date.now() + 2_000);
      await getPayment(app(), payment.paymentId);
      expect(verifies()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a webhook whose verify gets no answer is answered 500, and its retry books the payment', async () => {
    const { productId } = await sellerWithProduct(app());
    const payment = await startHosted(app(), productId);
    controls().failNext('GET', `/transaction/verify/${payment.reference}`, 'server-error');
    controls().completeCheckout(payment.reference, 'success');
    await controls().webhooksIdle();
    const attempts = controls().webhooks.filter(
      (hook) => hook.event === 'charge.success' && hook.body.includes(payment.reference),
    );
    expect(attempts.map((hook) => hook.status)).toEqual([500, 200]);
    expect(await storedStatusOf(app(), payment.paymentId)).toBe('SUCCESSFUL');
    expect(await eventTypesOf(app(), payment.paymentId)).toEqual(['payment.succeeded']);
  });

  describe('the abandoned-payments job', () => {
    const later = () => new Date(Date.now() + 31 * 60_000);

    it('verifies first: a payment paid without a word (no webhook, nobody back) is booked, not failed', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      await withoutWebhooks(checkout(), async () => {
        controls().completeCheckout(payment.reference, 'success');
      });
      await failAbandonedPayments(context(), later());
      expect(await storedStatusOf(app(), payment.paymentId)).toBe('SUCCESSFUL');
      expect(await walletBalance(app(), seller.NGN)).toBe(payment.total - payment.fee);
      await expectLedgerVerifies(app());
    });

    it('leaves an open payment alone while Paystack does not answer, fails it once Paystack says it is still open', async () => {
      const { productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      controls().setDown(true);
      try {
        await failAbandonedPayments(context(), later());
      } finally {
        controls().setDown(false);
      }
      expect(await storedStatusOf(app(), payment.paymentId)).toBe('CREATED');
      // Not past its window yet: not even asked.
      const asked = callsAbout(checkout().paystack, payment.reference).length;
      await failAbandonedPayments(context(), new Date());
      expect(callsAbout(checkout().paystack, payment.reference).length).toBe(asked);

      await failAbandonedPayments(context(), later());
      expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({
        status: 'FAILED',
        failureReason: abandonedReason(context().abandonAfterMinutes),
        nextAction: null,
        redirectUrl: null,
      });
      expect(callsAbout(checkout().paystack, payment.reference)).toContain(
        `GET /transaction/verify/${payment.reference}`,
      );
    });

    it('a customer who pays after the job failed the payment is refunded in full; the payment stays FAILED', async () => {
      const { seller, productId } = await sellerWithProduct(app());
      const payment = await startHosted(app(), productId);
      await failAbandonedPayments(context(), later());
      expect(await storedStatusOf(app(), payment.paymentId)).toBe('FAILED');

      controls().completeCheckout(payment.reference, 'success');
      await controls().webhooksIdle();
      expect(callsAbout(checkout().paystack, payment.reference)).toContain('POST /refund');
      expect((await getPayment(app(), payment.paymentId)).json()).toMatchObject({ status: 'FAILED' });
      expect(await eventTypesOf(app(), payment.paymentId)).toEqual(['payment.failed']);
      expect(await walletBalance(app(), seller.NGN)).toBe(0);
      expect(await quantityOf(app(), productId)).toBe(10);
      await expectLedgerVerifies(app());
    });
  });

  it('two customers pay for the last unit: one is booked, the other FAILED and refunded in full', async () => {
    const { seller, productId } = await sellerWithProduct(app(), { quantityAvailable: 1 });
    const first = await startHosted(app(), productId);
    const second = await startHosted(app(), productId, hostedBody({ customerEmail: 'ada@example.com' }));
    await withoutWebhooks(checkout(), async () => {
      controls().completeCheckout(first.reference, 'success');
      controls().completeCheckout(second.reference, 'success');
      expect((await getPayment(app(), first.paymentId)).json()).toMatchObject({ status: 'SUCCESSFUL' });
      expect((await getPayment(app(), second.paymentId)).json()).toMatchObject({
        status: 'FAILED',
        failureReason: SOLD_OUT_WHILE_PAYING,
      });
    });
    expect(callsAbout(checkout().paystack, second.reference)).toContain('POST /refund');
    expect(callsAbout(checkout().paystack, first.reference)).not.toContain('POST /refund');
    expect(await quantityOf(app(), productId)).toBe(0);
    expect(await walletBalance(app(), seller.NGN)).toBe(first.total - first.fee);
    await expectLedgerVerifies(app());
  });
});

describe('PAYMENTS_PROVIDER=paystack settings', () => {
  const env = { NODE_ENV: 'test', PAYMENTS_PROVIDER: 'paystack' };

  it('needs PAYSTACK_SECRET_KEY, naming the setting that chose Paystack', () => {
    expect(() => loadConfig(env)).toThrow(/PAYSTACK_SECRET_KEY is required when PAYMENTS_PROVIDER=paystack/);
  });

  it('needs PUBLIC_URL with a live key (Paystack sends customers back to it); a test key keeps Test mode', () => {
    expect(() => loadConfig({ ...env, PAYSTACK_SECRET_KEY: 'sk_live_abc123' })).toThrow(
      /PUBLIC_URL is required/,
    );
    const live = loadConfig({
      ...env,
      PAYSTACK_SECRET_KEY: 'sk_live_abc123',
      PUBLIC_URL: 'https://shop.example.com',
    });
    expect(usesPaystack(live)).toBe(true);
    const test = loadConfig({ ...env, PAYSTACK_SECRET_KEY: SECRET_KEY });
    expect(isTestMode(test)).toBe(true);
  });
});
