import type { Product } from '@bizdash/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { buildProduct } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { DeleteProductDialog } from './delete-product-dialog';

function renderDialog(product: Product) {
  signIn();
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
    db.products = [product];
    const requests = recordRequests();
    const { dialog, user, onClose } = renderDialog(product);
    expect(within(dialog).getByTestId('delete-product-outcome')).toHaveTextContent(/deleted permanently/);
    expect(within(dialog).queryByRole('button', { name: 'Archive product' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete product' }));

    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.url).toBe(`/api/products/${product.recordId}`);
    expect(onClose).toHaveBeenCalled();
    expect(db.products).toEqual([]);
  });

  it('says a product with payments is archived, keeping its history, and offers Archive product', async () => {
    const product = buildProduct({ hasPayments: true });
    db.products = [product];
    const { dialog, user } = renderDialog(product);
    const outcome = within(dialog).getByTestId('delete-product-outcome');
    expect(outcome).toHaveTextContent(/has payments, so it will be archived/);
    expect(outcome).toHaveTextContent(/payment history is kept/);
    expect(outcome).toHaveTextContent(/no longer available/);
    expect(within(dialog).queryByRole('button', { name: 'Delete product' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Archive product' }));
    expect(await screen.findByText('Product archived successfully')).toBeInTheDocument();
    expect(db.products[0]?.status).toBe('ARCHIVED');
  });

  it('changes nothing on Cancel', async () => {
    const requests = recordRequests();
    const { dialog, user, onClose } = renderDialog(buildProduct());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's error and stays open when the delete fails", async () => {
    // Deleted meanwhile, e.g. in another tab: the API no longer has it.
    const { dialog, user, onClose } = renderDialog(buildProduct());
    await user.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
