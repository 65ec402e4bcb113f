import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Receipt } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { TransactionList } from '@/features/transactions/components/transaction-list';
import { TransactionDetailExtraProvider } from '@/lib/transaction-detail-slot';
import { buildTransaction } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { TransactionDetailExtra } from './transaction-detail-extra';

const EMPTY = { icon: Receipt, title: 'No transactions yet', description: 'Payments will appear here.' };

/** The transactions list as the signed-in shell renders it: the details modal's slot filled in. */
function renderList() {
  signIn();
  renderWithQueryClient(
    <TransactionDetailExtraProvider value={TransactionDetailExtra}>
      <TransactionList filter={{}} caption="All transactions" empty={EMPTY} />
    </TransactionDetailExtraProvider>,
  );
  return userEvent.setup();
}

/** A ₦25,000.00 card sale and its ₦375.00 card fee (a child FEE DEBIT, as the API books it). */
function cardSale() {
  const payment = buildTransaction({
    transactionAmount: 2_500_000,
    description: 'Adire scarf',
    orderReference: 'BZD-7K2M9Q4X8P',
  });
  const fee = buildTransaction({
    transactionType: 'DEBIT',
    transactionChannel: 'FEE',
    transactionAmount: 37_500,
    description: 'Card fee: BZD-7K2M9Q4X8P',
    orderReference: null,
    parentTransactionId: payment.id,
    impactTime: '2026-03-05T10:14:59.000Z',
  });
  return { payment, fee };
}

describe("A transaction's details with the refunds feature", () => {
  it("offers a successful card payment's refund, telling the card fee it keeps", async () => {
    const { payment, fee } = cardSale();
    db.transactions = [payment, fee];
    const user = renderList();

    await user.click((await screen.findAllByTestId('transaction-row'))[0] as HTMLElement);
    const details = await screen.findByRole('dialog', { name: 'Transaction Details' });
    await user.click(await within(details).findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByTestId('refund-confirm-sentence')).toHaveTextContent(
      '₦25,000.00 will leave your Naira wallet. The card fee of ₦375.00 is not refunded.',
    );
  });

  it('shows no refunds on what is not a successful card payment', async () => {
    const { fee } = cardSale();
    db.transactions = [
      buildTransaction({ transactionStatus: 'FAILED', description: 'Failed sale' }),
      buildTransaction({ transactionChannel: 'BANK_TRANSFER', description: 'Transfer in' }),
      fee,
    ];
    const user = renderList();

    for (const row of await screen.findAllByTestId('transaction-row')) {
      await user.click(row);
      const details = await screen.findByRole('dialog', { name: 'Transaction Details' });
      expect(await within(details).findByTestId('detail-description')).toBeInTheDocument();
      expect(within(details).queryByRole('heading', { name: 'Refunds' })).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
    }
  });
});
