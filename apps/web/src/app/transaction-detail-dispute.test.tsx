import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildDispute } from '@/features/disputes/testing/factories';
import { buildTransaction } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function seed(status: 'NEEDS_RESPONSE' | 'WON') {
  const payment = buildTransaction({ transactionAmount: 2_500_000, orderReference: 'BZD-7K2M9Q4X8P' });
  db.transactions = [payment];
  const dispute = buildDispute({ paymentTransactionId: payment.id, status });
  db.disputes = [dispute];
  return dispute;
}

async function openDetails() {
  signIn();
  const { router } = renderApp('/transactions/all');
  const user = userEvent.setup();
  await user.click((await screen.findAllByTestId('transaction-row'))[0] as HTMLElement);
  const details = await screen.findByRole('dialog', { name: 'Transaction Details' });
  return { router, user, details };
}

describe("A card payment's details with the disputes feature", () => {
  it('links to its open dispute and offers no refund while it is open', async () => {
    const dispute = seed('NEEDS_RESPONSE');
    const { router, user, details } = await openDetails();
    const link = await within(details).findByTestId('payment-dispute');
    expect(link).toHaveTextContent('Disputed: Product not received');
    expect(link).toHaveTextContent('Due in 3 days');
    expect(await within(details).findByTestId('payment-refund-summary')).toHaveTextContent(
      'The customer disputed this payment: it cannot be refunded while the dispute is open.',
    );
    expect(within(details).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/disputes/${dispute.id}`));
  });

  it('offers the refund again once the dispute is won', async () => {
    seed('WON');
    const { details } = await openDetails();
    expect(await within(details).findByTestId('payment-dispute')).toHaveAttribute('data-status', 'WON');
    expect(await within(details).findByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });

  it('shows no dispute for a payment nobody disputed', async () => {
    db.transactions = [buildTransaction()];
    const { details } = await openDetails();
    expect(await within(details).findByRole('heading', { name: 'Refunds' })).toBeInTheDocument();
    expect(within(details).queryByTestId('payment-dispute')).not.toBeInTheDocument();
  });
});
