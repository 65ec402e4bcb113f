import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { buildProduct } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError, gate } from '@/testing/mocks/utils';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { ProductFormModal } from './product-form-modal';

function renderForm(product: Parameters<typeof ProductFormModal>[0]['product'] = null) {
  signIn();
  const onOpenChange = vi.fn();
  const onCreated = vi.fn();
  renderWithQueryClient(
    <>
      <ProductFormModal open product={product} onOpenChange={onOpenChange} onCreated={onCreated} />
      <AppToaster />
    </>,
  );
  return { onOpenChange, onCreated, user: userEvent.setup(), dialog: screen.getByRole('dialog') };
}

async function fillValidProduct(user: ReturnType<typeof userEvent.setup>, price = '2,500.50') {
  await user.type(screen.getByLabelText('Product name'), 'Ankara fabric bundle');
  await user.type(screen.getByLabelText('Price'), price);
  await user.type(screen.getByLabelText('Quantity available'), '25');
}

describe('ProductFormModal', () => {
  it('shows a message under each required field when submitted empty, and sends nothing', async () => {
    const requests = recordRequests();
    const { user, dialog } = renderForm();
    expect(within(dialog).getByRole('heading', { name: 'Add product' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Quantity is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('asks for a price it can read', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Price'), '25 naira');
    await user.tab();
    expect(await screen.findByText('Enter a price like 2500 or 2500.50')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '2500.505');
    await user.tab();
    expect(await screen.findByText('Enter a price like 2500 or 2500.50')).toBeInTheDocument();
  });

  it("keeps the API's limits: a price below the currency's minimum and a fractional quantity", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Product name'), 'Ankara fabric bundle');
    await user.type(screen.getByLabelText('Price'), '50');
    await user.type(screen.getByLabelText('Quantity available'), '2');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Price must be at least ₦100.00')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Currency'), 'Dollars ($)');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(screen.queryByText(/Price must be at least/)).not.toBeInTheDocument());

    await user.clear(screen.getByLabelText('Quantity available'));
    await user.type(screen.getByLabelText('Quantity available'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Quantity must be a whole number')).toBeInTheDocument();
  });

  it('says a price or quantity too large to hold is too large, not unreadable or fractional', async () => {
    const requests = recordRequests();
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Product name'), 'Ankara fabric bundle');
    await user.type(screen.getByLabelText('Price'), '99,999,999,999,999,999,999');
    await user.type(screen.getByLabelText('Quantity available'), '99999999999999999999');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Price must be at most ₦100,000,000.00')).toBeInTheDocument();
    expect(screen.getByText('Quantity is at most 100,000')).toBeInTheDocument();
    expect(screen.queryByText('Enter a price like 2500 or 2500.50')).not.toBeInTheDocument();
    expect(screen.queryByText('Quantity must be a whole number')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Currency'), 'Dollars ($)');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Price must be at most $1,000,000.00')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('offers Naira and Dollars as currencies, Naira first', () => {
    renderForm();
    const currency = screen.getByLabelText('Currency');
    expect(currency).toHaveValue('NGN');
    expect(
      within(currency)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Naira (₦)', 'Dollars ($)']);
  });

  it('sends the typed price in minor units, says Please wait... meanwhile, then confirms', async () => {
    const saving = gate();
    server.use(
      http.post('/api/products', async () => {
        await saving.opened;
      }),
    );
    const requests = recordRequests();
    const { user, onOpenChange, onCreated } = renderForm();
    await fillValidProduct(user);
    await user.type(screen.getByLabelText('Description'), '  Six yards of cotton  ');
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/products');
    expect(requests[0]?.body).toEqual({
      productName: 'Ankara fabric bundle',
      description: 'Six yards of cotton',
      amount: 250_050,
      currency: 'USD',
      quantityAvailable: 25,
    });

    saving.open();
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(db.products).toMatchObject([
      { productName: 'Ankara fabric bundle', amount: 250_050, currency: 'USD' },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onCreated).toHaveBeenCalledOnce();
  });

  it("puts the server's validation messages under the fields they are about", async () => {
    server.use(
      http.post('/api/products', () =>
        apiError(400, 'Invalid request', 'VALIDATION_FAILED', [
          { path: 'amount', message: 'Price must be at most ₦100,000,000.00' },
          { path: 'productName', message: 'A product with this name exists' },
        ]),
      ),
    );
    const { user, onOpenChange } = renderForm();
    await fillValidProduct(user);
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Price must be at most ₦100,000,000.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A product with this name exists')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create product' })).toBeEnabled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("edits a product: its values filled in, 'Save changes' sends them to its address", async () => {
    const product = buildProduct({ amount: 2_500_050, currency: 'NGN', quantityAvailable: 25 });
    db.products = [product];
    const requests = recordRequests();
    const { user, dialog, onCreated } = renderForm(product);
    expect(within(dialog).getByRole('heading', { name: 'Edit product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveValue('Ankara fabric bundle');
    expect(screen.getByLabelText('Description')).toHaveValue('Six yards of cotton Ankara print.');
    expect(screen.getByLabelText('Price')).toHaveValue('25000.50');
    expect(screen.getByLabelText('Currency')).toHaveValue('NGN');

    await user.clear(screen.getByLabelText('Quantity available'));
    await user.type(screen.getByLabelText('Quantity available'), '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe(`/api/products/${product.recordId}`);
    expect(requests[0]?.body).toMatchObject({ amount: 2_500_050, quantityAvailable: 30 });
    expect(onCreated).not.toHaveBeenCalled();
    expect(db.products[0]?.quantityAvailable).toBe(30);
  });
});
