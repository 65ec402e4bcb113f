import { REFUND_MESSAGES } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { buildTransaction, buildWallet } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { PaymentRefunds } from './payment-refunds';

/** A ₦25,000.00 card payment whose card fee was ₦375.00. */
function renderPayment({ cardFee = 37_500 }: { cardFee?: number | null } = {}) {
  signIn();
  const payment = buildTransaction({ transactionAmount: 2_500_000, orderReference: 'BZD-7K2M9Q4X8P' });
  db.transactions = [payment];
  renderWithQueryClient(
    <>
      <PaymentRefunds
        payment={{ transactionId: payment.id, currency: 'NGN', amount: payment.transactionAmount }}
        cardFee={cardFee}
      />
      <AppToaster />
    </>,
  );
  return { payment, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  return screen.getByRole('dialog', { name: 'Refund payment' });
}

const refundPosts = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/refunds');

describe('RefundDialog', () => {
  it('refunds all of a payment: the confirmation says what leaves the wallet and that the card fee stays', async () => {
    const requests = recordRequests();
    const { payment, user } = renderPayment();
    const dialog = await openDialog(user);

    expect(within(dialog).getByRole('radio', { name: /Full refund/ })).toBeChecked();
    expect(within(dialog).getByTestId('refund-mode-full')).toHaveTextContent('₦25,000.00');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Duplicate payment');
    await user.type(within(dialog).getByLabelText('Note to the customer'), 'Sorry, you were charged twice.');
    await user.type(within(dialog).getByLabelText('Internal note'), 'Ticket 4411');
    const restock = within(dialog).getByRole('checkbox', { name: 'Put the items back in stock' });
    expect(restock).toBeEnabled();
    await user.click(restock);
    await user.click(screen.getByRole('button', { name: 'Review refund' }));

    expect(within(dialog).getByTestId('refund-confirm-amount')).toHaveTextContent('₦25,000.00');
    expect(within(dialog).getByTestId('refund-confirm-reason')).toHaveTextContent('Duplicate payment');
    expect(within(dialog).getByTestId('refund-confirm-sentence')).toHaveTextContent(
      '₦25,000.00 will leave your Naira wallet. The card fee of ₦375.00 is not refunded.',
    );
    expect(refundPosts(requests)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Refund ₦25,000.00' }));

    expect(
      await screen.findByText("Refund of ₦25,000.00 on its way to the customer's card"),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = refundPosts(requests);
    expect(post?.body).toEqual({
      transactionId: payment.id,
      amount: 2_500_000,
      reason: 'duplicate',
      restock: true,
      customerNote: 'Sorry, you were charged twice.',
      merchantNote: 'Ticket 4411',
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    // The wallet paid exactly the refund, and the payment now says so.
    expect(db.wallets.find((wallet) => wallet.currency === 'NGN')?.availableBalance).toBe(
      buildWallet().availableBalance - 2_500_000,
    );
    expect(await screen.findByTestId('payment-refund-state')).toHaveTextContent('Refunded');
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('refunds part of a payment, with restock off and saying why', async () => {
    const requests = recordRequests();
    const { user } = renderPayment();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Partial refund' }));
    const restock = within(dialog).getByRole('checkbox', { name: 'Put the items back in stock' });
    expect(restock).toBeDisabled();
    expect(restock).toHaveAccessibleDescription(REFUND_MESSAGES.restockNeedsFullRefund);
    expect(within(dialog).getByText('Up to ₦25,000.00')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Amount to refund (NGN)'), '10,000');
    expect(restock).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByTestId('refund-confirm-sentence')).toHaveTextContent(
      '₦10,000.00 will leave your Naira wallet. The card fee of ₦375.00 is not refunded.',
    );
    await user.click(screen.getByRole('button', { name: 'Refund ₦10,000.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(refundPosts(requests)[0]?.body).toEqual({
      transactionId: expect.any(String),
      amount: 1_000_000,
      reason: 'requested_by_customer',
      restock: false,
    });
    expect(await screen.findByTestId('payment-refund-state')).toHaveTextContent('Partially refunded');
    expect(screen.getByTestId('payment-refund-summary')).toHaveTextContent(
      '₦10,000.00 refunded, ₦15,000.00 left to refund',
    );
  });

  it('asks for an amount it can read, within what is left to refund', async () => {
    const requests = recordRequests();
    const { user } = renderPayment();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Partial refund' }));
    const amount = within(dialog).getByLabelText('Amount to refund (NGN)');

    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByText('Enter an amount')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    await user.type(amount, '25,000.01');
    expect(
      within(dialog).getByText('At most ₦25,000.00 of this payment can still be refunded'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.345');
    expect(within(dialog).getByText('Enter an amount like 5,000 or 2,500.50')).toBeInTheDocument();
    expect(refundPosts(requests)).toHaveLength(0);
  });

  it('shows the API refusal as a sentence in the dialog, and a retry of the same refund reuses its key', async () => {
    db.wallets = db.wallets.map((wallet) =>
      wallet.currency === 'NGN' ? { ...wallet, availableBalance: 500_000 } : wallet,
    );
    const requests = recordRequests();
    const { user } = renderPayment({ cardFee: null });
    const dialog = await openDialog(user);
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    // The fee not known (yet): the confirmation says only what leaves the wallet.
    expect(within(dialog).getByTestId('refund-confirm-sentence')).toHaveTextContent(
      /^₦25,000\.00 will leave your Naira wallet\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Refund ₦25,000.00' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(REFUND_MESSAGES.insufficientBalance);
    expect(alert).toHaveTextContent('It holds ₦5,000.00; this refund needs ₦25,000.00.');
    expect(screen.getByRole('dialog', { name: 'Refund payment' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refund ₦25,000.00' }));
    await waitFor(() => expect(refundPosts(requests)).toHaveLength(2));
    const [first, second] = refundPosts(requests);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(db.refunds).toHaveLength(0);

    // A changed refund is a new attempt with a key of its own.
    await user.click(within(dialog).getByRole('button', { name: 'Change the refund' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Partial refund' }));
    await user.type(within(dialog).getByLabelText('Amount to refund (NGN)'), '5,000');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund ₦5,000.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const third = refundPosts(requests)[2];
    expect(third?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
    expect(db.refunds).toHaveLength(1);
  });
});
