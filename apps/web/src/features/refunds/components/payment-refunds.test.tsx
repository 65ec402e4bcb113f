import { type Refund, RefundSchema } from '@bizdash/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTransaction, USER_ID, WALLET_IDS } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { PaymentRefunds } from './payment-refunds';

const payment = buildTransaction({ transactionAmount: 2_500_000 });

let refundCounter = 0;
function buildRefund(overrides: Partial<Refund>): Refund {
  refundCounter += 1;
  const id = `00000000-0000-4000-9000-${String(refundCounter).padStart(12, '0')}`;
  return RefundSchema.parse({
    id,
    userId: USER_ID,
    paymentTransactionId: payment.id,
    paymentId: '5d7c3e2a-1b4f-4a6e-8c9d-0e1f2a3b4c5d',
    walletId: WALLET_IDS.NGN,
    currency: 'NGN',
    amount: 500_000,
    reason: 'requested_by_customer',
    merchantNote: null,
    customerNote: null,
    restock: false,
    status: 'SUCCEEDED',
    failureReason: null,
    transactionId: id.replace('9000', 'a000'),
    createdAt: '2026-03-06T09:30:00.000Z',
    settledAt: '2026-03-06T09:30:05.000Z',
    ...overrides,
  });
}

function renderRefunds() {
  signIn();
  db.transactions = [payment];
  renderWithQueryClient(
    <PaymentRefunds
      payment={{ transactionId: payment.id, currency: 'NGN', amount: payment.transactionAmount }}
      cardFee={37_500}
    />,
  );
}

describe('PaymentRefunds', () => {
  it('lists the refunds with amount, status and date, and says the payment is partially refunded', async () => {
    db.refunds = [
      buildRefund({
        amount: 300_000,
        status: 'PENDING',
        settledAt: null,
        createdAt: '2026-03-07T12:00:00.000Z',
      }),
      buildRefund({
        amount: 900_000,
        status: 'FAILED',
        failureReason: 'The card network could not return the money to the card',
      }),
      buildRefund({ amount: 1_000_000, reason: 'duplicate' }),
      // Another payment's refund is not this one's.
      buildRefund({ paymentTransactionId: '7e6d5c4b-3a29-4817-8f6e-5d4c3b2a1908', amount: 2_000_000 }),
    ];
    renderRefunds();

    expect(await screen.findByTestId('payment-refund-state')).toHaveTextContent('Partially refunded');
    // The failed refund's money came back: it does not count.
    expect(screen.getByTestId('payment-refund-summary')).toHaveTextContent(
      '₦13,000.00 refunded, ₦12,000.00 left to refund',
    );
    const rows = within(screen.getByRole('list', { name: 'Refunds of this payment' })).getAllByTestId(
      'refund-row',
    );
    expect(rows.map((row) => within(row).getByTestId('refund-amount').textContent)).toEqual([
      '₦3,000.00',
      '₦9,000.00',
      '₦10,000.00',
    ]);
    expect(rows.map((row) => within(row).getByTestId('refund-status').textContent)).toEqual([
      'Pending',
      'Failed',
      'Refunded',
    ]);
    expect(rows[0]).toHaveTextContent('7 Mar 2026');
    expect(rows[1]).toHaveTextContent('The money is back in your wallet.');
    expect(rows[2]).toHaveTextContent('Duplicate payment');
    expect(screen.getByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });

  it('says Refunded and offers no Refund button once the refunds add up to the payment', async () => {
    db.refunds = [buildRefund({ amount: 1_500_000 }), buildRefund({ amount: 1_000_000, status: 'PENDING' })];
    renderRefunds();

    expect(await screen.findByTestId('payment-refund-state')).toHaveTextContent(/^Refunded$/);
    expect(screen.getByTestId('payment-refund-summary')).toHaveTextContent(
      '₦25,000.00 refunded, ₦0.00 left to refund',
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('offers a refund of a payment with none yet', async () => {
    renderRefunds();
    expect(await screen.findByTestId('payment-refund-summary')).toHaveTextContent('None yet.');
    expect(screen.queryByTestId('payment-refund-state')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });
});
