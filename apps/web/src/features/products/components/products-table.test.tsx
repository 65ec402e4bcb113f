import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { buildProduct } from '@/testing/factories';
import { renderWithQueryClient } from '@/testing/render';
import { ProductCards } from './product-cards';
import { ProductsTable } from './products-table';

const LONG_NAME = 'Hand-woven Aso Oke wedding set with matching gele and fila';
const active = buildProduct({ productName: LONG_NAME, amount: 2_500_050, currency: 'NGN' });
const soldOut = buildProduct({
  productName: 'Shea butter',
  amount: 1_999,
  currency: 'USD',
  status: 'SOLD_OUT',
});
const archived = buildProduct({ productName: 'Old tote bag', status: 'ARCHIVED', hasPayments: true });

function renderTable(products = [active, soldOut, archived]) {
  const handlers = { onEdit: vi.fn(), onDelete: vi.fn() };
  renderWithQueryClient(
    <>
      <ProductsTable products={products} caption="Products" {...handlers} />
      <AppToaster />
    </>,
  );
  const rows = screen.getAllByTestId('product-row').map((row) => within(row));
  return { ...handlers, rows, user: userEvent.setup() };
}

describe('ProductsTable', () => {
  it('shows the date, the name cut at 40 characters, quantity, price and status', () => {
    const { rows } = renderTable();
    const [row] = rows;
    expect(screen.getByRole('table', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Product',
      'Quantity',
      'Price',
      'Status',
      'Actions',
    ]);
    expect(row?.getByText('Sun, 22 Nov 2026')).toBeInTheDocument();
    expect(row?.getByText('Hand-woven Aso Oke wedding set with mat…')).toHaveAttribute('title', LONG_NAME);
    expect(row?.getByText('25')).toBeInTheDocument();
    expect(row?.getByTestId('product-price')).toHaveTextContent('₦25,000.50');
    expect(row?.getByTestId('product-status')).toHaveTextContent('Active');
    expect(row?.getByTestId('product-status')).toHaveAttribute('data-tone', 'green');
  });

  it('fits its card instead of scrolling sideways: a long name gives way, the actions keep their room', () => {
    renderTable();
    // The delete button used to sit past the card's edge, behind a sideways scroll.
    expect(screen.getByRole('table', { name: 'Products' }).closest('.overflow-x-auto')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Product' })).toHaveClass('w-full', 'max-w-0');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('w-px', 'whitespace-nowrap');
    expect(screen.getByText('Hand-woven Aso Oke wedding set with mat…')).toHaveClass('truncate');
  });

  it('shows Sold out and Archived products with their own badges and currency', () => {
    const { rows } = renderTable();
    expect(rows[1]?.getByTestId('product-price')).toHaveTextContent('$19.99');
    expect(rows[1]?.getByTestId('product-status')).toHaveTextContent('Sold out');
    expect(rows[2]?.getByTestId('product-status')).toHaveTextContent('Archived');
    expect(rows[2]?.getByTestId('product-status')).toHaveAttribute('data-tone', 'grey');
  });

  it('lets an archived product have its link copied but not be edited or deleted', () => {
    renderTable();
    expect(screen.getByRole('button', { name: 'Copy payment link for Old tote bag' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Old tote bag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Old tote bag' })).not.toBeInTheDocument();
  });

  it('hands the product to edit and delete', async () => {
    const { user, onEdit, onDelete } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Edit Shea butter' }));
    expect(onEdit).toHaveBeenCalledWith(soldOut);
    await user.click(screen.getByRole('button', { name: 'Delete Shea butter' }));
    expect(onDelete).toHaveBeenCalledWith(soldOut);
  });

  it('copies the payment link and says so', async () => {
    const { user } = renderTable();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: `Copy payment link for ${LONG_NAME}` }));
    expect(writeText).toHaveBeenCalledWith(active.paymentLink);
    expect(await screen.findByText('Copied payment link successfully')).toBeInTheDocument();
  });

  it("says 'Failed to copy payment link' when the clipboard refuses", async () => {
    const { user } = renderTable();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Write permission denied'));
    await user.click(screen.getByRole('button', { name: 'Copy payment link for Shea butter' }));
    expect(await screen.findByText('Failed to copy payment link')).toBeInTheDocument();
  });
});

describe('ProductCards', () => {
  it('shows each product as a card with its price, status and actions', () => {
    renderWithQueryClient(
      <ProductCards products={[active, archived]} caption="Products" onEdit={vi.fn()} onDelete={vi.fn()} />,
    );
    const [first, second] = within(screen.getByRole('list', { name: 'Products' }))
      .getAllByRole('listitem')
      .map((card) => within(card));
    expect(first?.getByText('Hand-woven Aso Oke wedding set with mat…')).toHaveAttribute('title', LONG_NAME);
    expect(first?.getByTestId('product-price')).toHaveTextContent('₦25,000.50');
    expect(first?.getByText('Sun, 22 Nov 2026 · 25 available')).toBeInTheDocument();
    expect(first?.getByRole('button', { name: `Delete ${LONG_NAME}` })).toBeInTheDocument();
    expect(second?.getByTestId('product-status')).toHaveTextContent('Archived');
    expect(second?.queryByRole('button', { name: 'Edit Old tote bag' })).not.toBeInTheDocument();
  });
});
