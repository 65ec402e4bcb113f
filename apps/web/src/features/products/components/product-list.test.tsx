import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setCredentials } from '@/lib/credentials';
import { buildProduct, buildProductPage, buildToken } from '@/testing/factories';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithQueryClient } from '@/testing/render';
import { ProductList } from './product-list';

const USER_ID = '8b1c3f7e-2d4a-4c6b-9e1f-0a2b3c4d5e6f';

function renderList(page = 1) {
  setCredentials({ token: buildToken(), userId: USER_ID });
  const props = { onPageChange: vi.fn(), onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  renderWithQueryClient(<ProductList page={page} {...props} />);
  return { ...props, user: userEvent.setup() };
}

describe('ProductList', () => {
  it('invites the first product when there are none', async () => {
    const { requests } = mockFetch(() => jsonResponse(buildProductPage([])));
    const { user, onAdd } = renderList();
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/products?page=1&size=10');
    expect(requests[0]?.headers.get('user_id')).toBe(USER_ID);

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it("shows the server's error and loads again on Retry", async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1 ? new Response(null, { status: 500 }) : jsonResponse(buildProductPage([]));
    });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch products');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
  });

  it('pages only when the products fill more than one page', async () => {
    const items = Array.from({ length: 10 }, () => buildProduct());
    mockFetch(() => jsonResponse(buildProductPage(items, { page: 2, totalElements: 25 })));
    const { user, onPageChange } = renderList(2);
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-row')).toHaveLength(10);

    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('shows one page of products without paging', async () => {
    mockFetch(() => jsonResponse(buildProductPage([buildProduct()])));
    renderList();
    expect(await screen.findByTestId('product-row')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});
