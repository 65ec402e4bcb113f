import type { CheckoutPayment, Currency, FeeBearer } from '@bizdash/shared';
import { describe, expect, it } from 'vitest';
import { DECLINE_REASONS } from '../../../src/providers/payments/sandbox-test-cards.ts';
import { useTestApp, walletBalance } from '../../helper.ts';
import {
  CARDS,
  chargeFeeToCustomer,
  chargeOf,
  expectLedgerVerifies,
  pay,
  paymentRow,
  quantityOf,
  sellerWithProduct,
  startBody,
  transactionsOf,
} from './checkout-fixtures.ts';

describe('POST /api/checkout/products/:productId/payments', () => {
  const ctx = useTestApp();

  describe('with a card the network approves', () => {
    it.each([
      ['Visa', CARDS.visaApproved, 'VISA', '4242'],
      ['Mastercard', CARDS.mastercardApproved, 'MASTERCARD', '4444'],
    ])(
      '%s: SUCCESSFUL, credit posted, fee taken as a child debit, stock taken, hold captured',
      async (_, card, brand, last4) => {
        const { seller, productId } = await sellerWithProduct(ctx.app, {
          amount: 500_000,
          quantityAvailable: 10,
        });

        const payment = await pay(ctx.app, productId, startBody(card, { quantity: 2 }));

        expect(payment).toMatchObject({
          status: 'SUCCESSFUL',
          nextAction: null,
          failureReason: null,
          quantity: 2,
          subtotal: 1_000_000,
          fee: 25_000,
          total: 1_000_000,
          feeBearer: 'MERCHANT',
          card: { brand, last4 },
        });
        expect(payment.completedAt).not.toBeNull();
        const [credit, feeDebit, ...others] = await transactionsOf(ctx.app, seller.userId);
        expect(others).toEqual([]);
        expect(credit).toMatchObject({
          type: 'CREDIT',
          status: 'SUCCESSFUL',
          amount: 1_000_000,
          currency: 'NGN',
          channel: 'CARD',
          parentTransactionId: null,
          orderReference: payment.reference,
        });
        expect(credit?.postingId).not.toBeNull();
        expect(feeDebit).toMatchObject({
          type: 'DEBIT',
          status: 'SUCCESSFUL',
          amount: 25_000,
          channel: 'FEE',
          parentTransactionId: credit?.id,
          orderReference: payment.reference,
        });
        expect(await paymentRow(ctx.app, payment.paymentId)).toMatchObject({
          transactionId: credit?.id,
          feeTransactionId: feeDebit?.id,
          merchantNet: 975_000,
        });
        expect(await walletBalance(ctx.app, seller.NGN)).toBe(975_000);
        expect(await quantityOf(ctx.app, productId)).toBe(8);
        expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({
          status: 'CAPTURED',
          amount: 1_000_000,
        });
        await expectLedgerVerifies(ctx.app);
      },
    );
  });

  describe('with a card the network refuses', () => {
    it.each([
      ['declined by the issuer', CARDS.declined, DECLINE_REASONS.DECLINE],
      ['with insufficient funds', CARDS.insufficientFunds, DECLINE_REASONS.INSUFFICIENT_FUNDS],
      ['that is not a sandbox test card', CARDS.notATestCard, DECLINE_REASONS.NOT_A_TEST_CARD],
    ])(
      '%s: FAILED with the reason, credit FAILED and unposted, no fee, no stock taken',
      async (_, card, reason) => {
        const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 3 });

        const payment = await pay(ctx.app, productId, startBody(card));

        expect(payment).toMatchObject({ status: 'FAILED', failureReason: reason, nextAction: null });
        expect(payment.completedAt).not.toBeNull();
        const rows = await transactionsOf(ctx.app, seller.userId);
        expect(rows).toEqual([
          expect.objectContaining({ type: 'CREDIT', status: 'FAILED', amount: 500_000, postingId: null }),
        ]);
        expect(await paymentRow(ctx.app, payment.paymentId)).toMatchObject({ feeTransactionId: null });
        expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);
        expect(await quantityOf(ctx.app, productId)).toBe(3);
        expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'DECLINED' });
        await expectLedgerVerifies(ctx.app);
      },
    );
  });

  it('leaves a payment whose card wants a code waiting for it: CREATED, nothing posted, no stock taken', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app, { quantityAvailable: 3 });

    const payment = await pay(ctx.app, productId, startBody(CARDS.verveOtp));

    expect(payment).toMatchObject({
      status: 'CREATED',
      nextAction: 'OTP',
      sandboxOtp: '123456',
      failureReason: null,
      completedAt: null,
      card: { brand: 'VERVE', last4: '0005' },
    });
    expect(await transactionsOf(ctx.app, seller.userId)).toEqual([
      expect.objectContaining({ type: 'CREDIT', status: 'CREATED', postingId: null }),
    ]);
    expect(await walletBalance(ctx.app, seller.NGN)).toBe(0);
    expect(await quantityOf(ctx.app, productId)).toBe(3);
    expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ status: 'OTP_REQUIRED' });
  });

  describe('pricing', () => {
    it.each<[string, Currency, number, number, FeeBearer, number, number, number]>([
      ['₦5,000 × 2, merchant pays the fee', 'NGN', 500_000, 2, 'MERCHANT', 25_000, 1_000_000, 975_000],
      ['₦5,000 × 2, customer pays the fee', 'NGN', 500_000, 2, 'CUSTOMER', 25_000, 1_025_000, 1_000_000],
      ['₦1,000, under ₦2,500: no ₦100', 'NGN', 100_000, 1, 'CUSTOMER', 1_500, 101_500, 100_000],
      [
        '₦150,000 × 2, fee capped, merchant',
        'NGN',
        15_000_000,
        2,
        'MERCHANT',
        200_000,
        30_000_000,
        29_800_000,
      ],
      [
        '₦150,000 × 2, fee capped, customer',
        'NGN',
        15_000_000,
        2,
        'CUSTOMER',
        200_000,
        30_200_000,
        30_000_000,
      ],
      ['$25 × 3, merchant pays the fee', 'USD', 2_500, 3, 'MERCHANT', 248, 7_500, 7_252],
      ['$25 × 3, customer pays the fee', 'USD', 2_500, 3, 'CUSTOMER', 248, 7_748, 7_500],
    ])('%s', async (_, currency, unitAmount, quantity, bearer, fee, total, net) => {
      const { seller, productId } = await sellerWithProduct(ctx.app, { amount: unitAmount, currency });
      await chargeFeeToCustomer(ctx.app, seller.userId, bearer === 'CUSTOMER');

      const payment: CheckoutPayment = await pay(
        ctx.app,
        productId,
        startBody(CARDS.visaApproved, { quantity }),
      );

      expect(payment).toMatchObject({
        status: 'SUCCESSFUL',
        currency,
        unitAmount,
        quantity,
        subtotal: unitAmount * quantity,
        fee,
        total,
        feeBearer: bearer,
      });
      expect(await paymentRow(ctx.app, payment.paymentId)).toMatchObject({
        customerTotal: total,
        merchantNet: net,
      });
      expect(await transactionsOf(ctx.app, seller.userId)).toEqual([
        expect.objectContaining({ type: 'CREDIT', amount: total, currency }),
        expect.objectContaining({ type: 'DEBIT', amount: fee, currency }),
      ]);
      expect(await walletBalance(ctx.app, seller[currency])).toBe(net);
      expect(await walletBalance(ctx.app, seller[currency === 'NGN' ? 'USD' : 'NGN'])).toBe(0);
      expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ amount: total, currency });
      await expectLedgerVerifies(ctx.app);
    });

    it('ignores any amount the client sends and prices the payment from the product', async () => {
      const { seller, productId } = await sellerWithProduct(ctx.app, { amount: 500_000 });
      const body = startBody(CARDS.visaApproved, {
        amount: 1,
        unitAmount: 1,
        subtotal: 1,
        fee: 0,
        total: 1,
        customerTotal: 1,
        feeBearer: 'CUSTOMER',
      });

      const payment = await pay(ctx.app, productId, body);

      expect(payment).toMatchObject({ unitAmount: 500_000, subtotal: 500_000, fee: 17_500, total: 500_000 });
      expect(payment.feeBearer).toBe('MERCHANT');
      expect(await walletBalance(ctx.app, seller.NGN)).toBe(482_500);
      expect(await chargeOf(ctx.app, payment.paymentId)).toMatchObject({ amount: 500_000 });
    });
  });

  it('refuses a body that is not a payment with the messages of StartPaymentSchema and writes nothing', async () => {
    const { seller, productId } = await sellerWithProduct(ctx.app);
    const body = startBody('4242 4242 4242 4241', { quantity: 0 });

    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/checkout/products/${productId}/payments`,
      headers: { 'idempotency-key': 'validation-check-1' },
      payload: body,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'quantity', message: 'Quantity must be at least 1' },
      { path: 'card.number', message: 'Card number is invalid' },
    ]);
    expect(await transactionsOf(ctx.app, seller.userId)).toEqual([]);
  });
});
