import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlRows, useTestApp } from '../../helper.ts';
import { CARDS, pay, sellerWithProduct } from '../checkout/checkout-fixtures.ts';
import { REFUND_FAILS_CARD, refundTestConfig } from './refund-fixtures.ts';

describe('the sandbox card network refunds', () => {
  const ctx = useTestApp(refundTestConfig());

  async function capturedCharge(card: string = CARDS.visaApproved) {
    const { productId } = await sellerWithProduct(ctx.app);
    const payment = await pay(ctx.app, productId, {
      quantity: 1,
      customerName: 'Chioma Eze',
      customerEmail: 'chioma@example.com',
      card: { number: card, expiry: '12/40', cvv: '123' },
    });
    const [row] = await sqlRows<{ provider_reference: string; customer_total: string | number }>(
      ctx.app,
      sql`select provider_reference, customer_total from checkout_payments where id = ${payment.paymentId}`,
    );
    return { reference: row?.provider_reference ?? '', amount: Number(row?.customer_total) };
  }

  const ask = (providerReference: string, refundReference: string, amount: number) =>
    ctx.app.deps.payments.refund({
      providerReference,
      refundReference,
      amount,
      currency: 'NGN',
      customerNote: null,
    });
  const lookUp = (chargeReference: string, refundReference: string) =>
    ctx.app.deps.payments.lookupRefund({ refundReference, refundId: null, chargeReference });

  it('takes a refund PENDING, answers the same refund for the same reference, and settles it at its next look', async () => {
    const charge = await capturedCharge();
    const first = await ask(charge.reference, 'refund-a', 1_000);
    expect(first.state).toBe('PENDING');
    expect(await ask(charge.reference, 'refund-a', 1_000)).toEqual(first);
    expect(await lookUp(charge.reference, 'refund-a')).toMatchObject({ state: 'SUCCEEDED' });
  });

  it('refuses refunds that would add up to more than the charge captured', async () => {
    const charge = await capturedCharge();
    expect((await ask(charge.reference, 'refund-b1', charge.amount - 100)).state).toBe('PENDING');
    expect(await ask(charge.reference, 'refund-b2', 101)).toEqual({
      state: 'FAILED',
      refundId: null,
      reason: 'The refunds of this charge would add up to more than was captured',
    });
    expect((await ask(charge.reference, 'refund-b3', 100)).state).toBe('PENDING');
  });

  it('fails the refunds of the 5126 card, and of a charge never captured', async () => {
    const charge = await capturedCharge(REFUND_FAILS_CARD);
    expect((await ask(charge.reference, 'refund-c', 1_000)).state).toBe('PENDING');
    expect(await lookUp(charge.reference, 'refund-c')).toMatchObject({
      state: 'FAILED',
      reason: 'The card issuer refused the refund: the card account is closed',
    });
    const declined = await capturedCharge(CARDS.declined);
    for (const reference of [declined.reference, '00000000-0000-4000-8000-000000000000']) {
      expect(await ask(reference, `refund-d-${reference}`, 1_000)).toMatchObject({
        state: 'FAILED',
        reason: 'This charge was never captured, so there is nothing to refund',
      });
    }
  });
});
