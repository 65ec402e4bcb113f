import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildProduct, USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { ProductList } from './product-list';

function renderList(page = 1) {
  signIn();
  const props = { onPageChange: vi.fn(), onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  renderWithQueryClient(<ProductList page={page} {...props} />);
  return { ...props, user: userEvent.setup() };
}

describe('ProductList', () => {
  it('invites the first product when there are none', async () => {
    const requests = recordRequests();
    const { user, onAdd } = renderList();
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/products?page=1&size=10');
    expect(requests[0]?.headers.get('user_id')).toBe(USER_ID);

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it("shows the server's error and loads again on Retry", async () => {
    server.use(http.get('/api/products', () => new HttpResponse(null, { status: 500 }), { once: true }));
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch products');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
  });

  it('pages only when the products fill more than one page', async () => {
    db.products = Array.from({ length: 25 }, () => buildProduct());
    const { user, onPageChange } = renderList(2);
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-row')).toHaveLength(10);

    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('shows one page of products without paging', async () => {
    db.products = [buildProduct()];
    renderList();
    expect(await screen.findByTestId('product-row')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it.each([
    [1280, 'a table'],
    [700, 'cards, leaving the name no room in a table'],
  ])('shows products in a %i px wide list as %s', async (width, _) => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 400));
    db.products = [buildProduct()];
    renderList();
    await screen.findByTestId('product-row');
    expect(screen.queryByRole('table', { name: 'Products' }) !== null).toBe(width === 1280);
  });
});
