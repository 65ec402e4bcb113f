import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildProduct } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function openProducts(path = '/products') {
  signIn();
  return { ...renderApp(path), user: userEvent.setup() };
}

function seedThree() {
  db.products = [
    buildProduct({ productName: 'Adire indigo scarf', createdDate: '2026-11-20T09:00:00.000Z' }),
    buildProduct({ productName: 'Ankara fabric bundle', createdDate: '2026-11-21T09:00:00.000Z' }),
    buildProduct({ productName: 'Adire wrap skirt', createdDate: '2026-11-22T09:00:00.000Z' }),
  ];
}

const rowNames = () =>
  screen
    .getAllByTestId('product-row')
    .map((row) => db.products.find((product) => product.recordId === row.dataset.productId)?.productName);
const searchbox = () => screen.getByRole('searchbox', { name: 'Search' });

describe('Products: search', () => {
  it('narrows the list by part of the name as the merchant types, keeping the search in the URL', async () => {
    seedThree();
    const requests = recordRequests();
    const { user, router } = openProducts('/products?page=2');
    await screen.findByRole('heading', { name: 'Products', level: 1 });

    await user.type(searchbox(), 'ADIRE');
    await waitFor(() => expect(rowNames()).toEqual(['Adire wrap skirt', 'Adire indigo scarf']));
    expect(router.state.location.search).toBe('?search=ADIRE');
    expect(requests.at(-1)?.url).toBe('/api/products?page=1&size=10&search=ADIRE');
    // Only the settled text was asked for.
    expect(requests.filter((request) => /search=(A|AD|ADI|ADIR)$/.test(request.url))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add product' })).toBeInTheDocument();
  });

  it('opens with the search of a link (?search=)', async () => {
    seedThree();
    openProducts('/products?search=ankara');
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('ankara');
    await waitFor(() => expect(rowNames()).toEqual(['Ankara fabric bundle']));
  });

  it('says when no product matches, and Clear search lists them all again', async () => {
    seedThree();
    const { user, router } = openProducts();
    await screen.findAllByTestId('product-row');

    await user.type(searchbox(), 'kente{Enter}');
    expect(await screen.findByRole('heading', { name: 'No products match' })).toBeInTheDocument();
    expect(screen.getByText('No product\'s name contains "kente".')).toBeInTheDocument();
    // A search finding nothing is not an empty catalogue: the header keeps its Add product.
    expect(screen.getByRole('button', { name: 'Add product' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(3));
    expect(router.state.location.search).toBe('');
    expect(searchbox()).toHaveValue('');
  });
});
