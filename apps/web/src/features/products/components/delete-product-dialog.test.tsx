import type { Product } from '@bizdash/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { buildProduct } from '@/testing/factories';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithQueryClient } from '@/testing/render';
import { DeleteProductDialog } from './delete-product-dialog';

function renderDialog(product: Product) {
  const onClose = vi.fn();
  renderWithQueryClient(
    <>
      <DeleteProductDialog product={product} onClose={onClose} />
      <AppToaster />
    </>,
  );
  return {
    onClose,
    user: userEvent.setup(),
    dialog: screen.getByRole('dialog', { name: 'Delete product?' }),
  };
}

describe('DeleteProductDialog', () => {
  it('says a product without payments is deleted permanently and offers Delete product', async () => {
    const product = buildProduct({ hasPayments: false });
    const { requests } = mockFetch(() => jsonResponse({ recordId: product.recordId, outcome: 'DELETED' }));
    const { dialog, user, onClose } = renderDialog(product);
    expect(within(dialog).getByTestId('delete-product-outcome')).toHaveTextContent(/deleted permanently/);
    expect(within(dialog).queryByRole('button', { name: 'Archive product' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete product' }));

    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.url).toBe(`/api/products/${product.recordId}`);
    expect(onClose).toHaveBeenCalled();
  });

  it('says a product with payments is archived, keeping its history, and offers Archive product', async () => {
    const product = buildProduct({ hasPayments: true });
    mockFetch(() => jsonResponse({ recordId: product.recordId, outcome: 'ARCHIVED' }));
    const { dialog, user } = renderDialog(product);
    const outcome = within(dialog).getByTestId('delete-product-outcome');
    expect(outcome).toHaveTextContent(/has payments, so it will be archived/);
    expect(outcome).toHaveTextContent(/payment history is kept/);
    expect(outcome).toHaveTextContent(/no longer available/);
    expect(within(dialog).queryByRole('button', { name: 'Delete product' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Archive product' }));
    expect(await screen.findByText('Product archived successfully')).toBeInTheDocument();
  });

  it('changes nothing on Cancel', async () => {
    const { requests } = mockFetch(() => jsonResponse({}));
    const { dialog, user, onClose } = renderDialog(buildProduct());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's error and stays open when the delete fails", async () => {
    mockFetch(() => jsonResponse({ error: 'Product not found', code: 'NOT_FOUND' }, 404));
    const { dialog, user, onClose } = renderDialog(buildProduct());
    await user.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
