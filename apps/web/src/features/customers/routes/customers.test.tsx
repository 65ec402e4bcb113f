import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { buildCustomerDetail, buildCustomerPayment, CUSTOMER_IDS } from '../testing/factories';

function openCustomers(path = '/customers') {
  signIn();
  return { ...renderApp(path), user: userEvent.setup() };
}

function seedThree() {
  db.customers = [
    buildCustomerDetail({ id: CUSTOMER_IDS.chioma, name: 'Chioma Eze', email: 'chioma@example.com' }, [
      buildCustomerPayment({ amount: 502_500, createdAt: '2026-11-20T10:15:00.000Z' }),
      buildCustomerPayment({ amount: 4_500, currency: 'USD', createdAt: '2026-11-18T10:15:00.000Z' }),
    ]),
    buildCustomerDetail({ id: CUSTOMER_IDS.tunde, name: 'Tunde Bakare', email: 'tunde@shop.test' }, [
      buildCustomerPayment({
        amount: 1_000_000,
        customerName: 'Tunde Bakare',
        createdAt: '2026-11-10T09:00:00.000Z',
      }),
    ]),
    buildCustomerDetail({ id: CUSTOMER_IDS.amaka, name: 'Amaka Obi', email: 'amaka@example.com' }, [
      buildCustomerPayment({
        amount: 9_000,
        currency: 'USD',
        customerName: 'Amaka Obi',
        createdAt: '2026-11-25T08:00:00.000Z',
      }),
    ]),
  ];
}

const names = () =>
  screen.getAllByTestId('customer-row').map((row) => within(row).getAllByText(/\w/)[0]?.textContent);

describe('Customers', () => {
  it('is a sidebar entry, current on the customers pages', async () => {
    openCustomers();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const entry = within(nav).getByRole('link', { name: 'Customers' });
    expect(entry).toHaveAttribute('href', '/customers');
    expect(entry).toHaveAttribute('aria-current', 'page');
  });

  it('says when there are no customers yet', async () => {
    openCustomers();
    expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to payment links' })).toHaveAttribute('href', '/products');
  });

  it('lists customers newest payment first with what they spent per currency, and sorts by total spent', async () => {
    seedThree();
    const requests = recordRequests();
    const { user, router } = openCustomers();
    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeInTheDocument();
    await screen.findAllByTestId('customer-row');
    expect(names()).toEqual(['Amaka Obi', 'Chioma Eze', 'Tunde Bakare']);
    const chioma = screen.getAllByTestId('customer-row')[1] as HTMLElement;
    expect(within(chioma).getByTestId('customer-total-spent')).toHaveTextContent('₦5,025.00$45.00');
    expect(requests.at(-1)?.url).toBe('/api/customers?page=1&size=10&sort=last_payment');

    await user.click(screen.getByRole('button', { name: 'Total spent' }));
    await waitFor(() => expect(names()).toEqual(['Tunde Bakare', 'Chioma Eze', 'Amaka Obi']));
    expect(router.state.location.search).toBe('?sort=total_spent');
    expect(screen.getByRole('button', { name: 'Total spent' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('finds customers by name or email as the merchant types, and says when none match', async () => {
    seedThree();
    const { user, router } = openCustomers();
    await screen.findAllByTestId('customer-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'SHOP.test');
    await waitFor(() => expect(names()).toEqual(['Tunde Bakare']));
    expect(router.state.location.search).toBe('?q=SHOP.test');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody{Enter}');
    expect(await screen.findByRole('heading', { name: 'No customers match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(3));
  });

  it('opens with the search of a link (?q=) and opens a customer from the list', async () => {
    seedThree();
    const { user, router } = openCustomers('/customers?q=chioma%40example.com');
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('chioma@example.com');
    await waitFor(() => expect(names()).toEqual(['Chioma Eze']));
    await user.click(screen.getByRole('link', { name: /Chioma Eze/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${CUSTOMER_IDS.chioma}`));
    expect(await screen.findByRole('heading', { name: 'Chioma Eze', level: 1 })).toBeInTheDocument();
  });

  it('pages through many customers', async () => {
    db.customers = Array.from({ length: 23 }, (_, n) =>
      buildCustomerDetail({
        id: `c0a1b2c3-0000-4000-8000-${String(n + 10).padStart(12, '0')}`,
        email: `buyer${n}@example.com`,
      }),
    );
    const { user, router } = openCustomers();
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await within(pagination).findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it("shows the server's error and loads again on Retry", async () => {
    server.use(http.get('/api/customers', () => new HttpResponse(null, { status: 500 }), { once: true }));
    const { user } = openCustomers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch customers');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeInTheDocument();
  });

  it.each([
    [1280, true],
    [390, false],
  ])('at %i px shows a table: %s (cards otherwise)', async (width, table) => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 400));
    seedThree();
    openCustomers();
    await screen.findAllByTestId('customer-row');
    expect(screen.queryByRole('table', { name: 'Customers' }) !== null).toBe(table);
  });
});
