import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildTransaction } from '@/testing/factories';
import { renderWithQueryClient } from '@/testing/render';
import { TransactionCards } from './transaction-cards';
import { TransactionsTable } from './transactions-table';

const credit = buildTransaction({ transactionAmount: 2_500_000, transactionType: 'CREDIT' });
const debit = buildTransaction({
  transactionAmount: 24_238_119,
  transactionType: 'DEBIT',
  transactionChannel: 'PAYOUT',
  description: 'Payout to GTBank ****1234',
  beneficiary: 'Settlement account',
  orderReference: 'PAY-520283',
});

function rows() {
  return screen.getAllByTestId('transaction-row');
}

describe('TransactionsTable', () => {
  it('shows debit amounts in red with a minus sign, credits without', () => {
    renderWithQueryClient(
      <TransactionsTable transactions={[credit, debit]} onOpen={vi.fn()} caption="All" />,
    );
    const [creditRow, debitRow] = rows();
    const creditAmount = within(creditRow as HTMLElement).getByTestId('transaction-amount');
    const debitAmount = within(debitRow as HTMLElement).getByTestId('transaction-amount');
    expect(creditAmount).toHaveTextContent('₦25,000.00');
    expect(creditAmount).not.toHaveClass('text-red-700');
    expect(debitAmount).toHaveTextContent('-₦242,381.19');
    expect(debitAmount).toHaveClass('text-red-700');
  });

  it('shows date, name, beneficiary, id, type, channel, reference and status in each row', () => {
    renderWithQueryClient(<TransactionsTable transactions={[credit]} onOpen={vi.fn()} caption="All" />);
    const row = within(rows()[0] as HTMLElement);
    expect(row.getByText('05 Mar 2026')).toBeInTheDocument();
    expect(row.getByText('Ankara fabric bundle')).toHaveAttribute(
      'title',
      'Payment for Ankara fabric bundle',
    );
    expect(row.getByText('Chukwuemeka Enterpr…')).toHaveAttribute('title', 'Chukwuemeka Enterprises Limited');
    expect(row.getByText(`${credit.transactionId.slice(0, 8)}…`)).toHaveAttribute(
      'title',
      credit.transactionId,
    );
    expect(row.getByText('Credit')).toBeInTheDocument();
    expect(row.getByText('Card')).toBeInTheDocument();
    expect(row.getByText('ORD-100200')).toBeInTheDocument();
    expect(row.getByTestId('transaction-status')).toHaveTextContent('success');
    expect(screen.getByRole('table', { name: 'All' })).toBeInTheDocument();
  });

  it('leads with what was sold, cut at 20 characters, the whole description on hover', () => {
    const sold = [
      buildTransaction({ description: 'Zobo drink (1 litre bottle) x2' }),
      // Booked before checkout stored the product's own name.
      buildTransaction({ description: 'Payment for Zobo drink (1 litre bottle)' }),
    ];
    renderWithQueryClient(<TransactionsTable transactions={sold} onOpen={vi.fn()} caption="All" />);
    const [current, old] = rows().map((row) =>
      within(row).getByRole('button', { name: 'Zobo drink (1 litre…' }),
    );
    expect(current).toHaveAttribute('title', 'Zobo drink (1 litre bottle) x2');
    expect(old).toHaveAttribute('title', 'Payment for Zobo drink (1 litre bottle)');
  });

  it('opens a row by click and from the keyboard', async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    renderWithQueryClient(<TransactionsTable transactions={[credit, debit]} onOpen={onOpen} caption="All" />);

    await user.click(within(rows()[1] as HTMLElement).getByText('Payout'));
    expect(onOpen).toHaveBeenLastCalledWith(debit);

    const name = screen.getByRole('button', { name: 'Ankara fabric bundle' });
    name.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(credit);
    await user.keyboard(' ');
    expect(onOpen).toHaveBeenCalledTimes(3);
  });

  it('copies the transaction id without opening the row', async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithQueryClient(<TransactionsTable transactions={[credit]} onOpen={onOpen} caption="All" />);

    await user.click(screen.getByRole('button', { name: 'Copy transaction ID' }));
    expect(writeText).toHaveBeenCalledWith(credit.transactionId);
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe('TransactionCards', () => {
  it('shows each transaction as one button with its amount and status', async () => {
    const onOpen = vi.fn();
    render(<TransactionCards transactions={[credit, debit]} onOpen={onOpen} caption="Recent" />);
    const list = screen.getByRole('list', { name: 'Recent' });
    const [, debitCard] = within(list).getAllByRole('button');
    expect(within(debitCard as HTMLElement).getByTestId('transaction-amount')).toHaveTextContent(
      '-₦242,381.19',
    );
    expect(within(debitCard as HTMLElement).getByText('Payout · PAY-520283')).toBeInTheDocument();

    await userEvent.setup().click(debitCard as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith(debit);
  });

  it('leads each card with what was sold, the whole description on hover', () => {
    render(<TransactionCards transactions={[credit]} onOpen={vi.fn()} caption="Recent" />);
    expect(screen.getByText('Ankara fabric bundle')).toHaveAttribute(
      'title',
      'Payment for Ankara fabric bundle',
    );
  });
});
