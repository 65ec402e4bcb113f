import { TransactionPageSchema, TransactionSchema } from '@bizdash/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Receipt } from 'lucide-react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buildTransaction, USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError, contractJson } from '@/testing/mocks/utils';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { TransactionList } from './transaction-list';

const EMPTY = { icon: Receipt, title: 'No transactions yet', description: 'Payments will appear here.' };

function renderList(props: Partial<Parameters<typeof TransactionList>[0]> = {}) {
  signIn();
  return renderWithQueryClient(
    <TransactionList filter={{}} caption="All transactions" empty={EMPTY} {...props} />,
  );
}

describe('TransactionList', () => {
  it('says there are no transactions yet when the merchant has none', async () => {
    renderList();
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
  });

  it('offers to clear the filters when nothing matches them', async () => {
    const onClearFilters = vi.fn();
    renderList({ onClearFilters });
    expect(
      await screen.findByRole('heading', { name: 'No transactions match these filters' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClearFilters).toHaveBeenCalledOnce();
  });

  it("shows the server's error text and retries a failure that may pass", async () => {
    server.use(
      http.post('/api/transaction/search', () => apiError(503, 'The service is busy.', 'UNAVAILABLE'), {
        once: true,
      }),
    );
    renderList();
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'The service is busy.',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
  });

  it('offers no Retry for a request the server refused: it would fail the same way', async () => {
    renderList({ filter: { from: '2026-03-05T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The start date must be on or before the end date.');
    expect(alert).toHaveTextContent('Nothing in your account has changed.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("falls back to 'Unable to search transactions' when the server says nothing", async () => {
    server.use(http.post('/api/transaction/search', () => new HttpResponse(null, { status: 500 })));
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to search transactions');
  });

  it('sends the filter with the user id, the page and the page size of 10', async () => {
    const requests = recordRequests();
    renderList({ filter: { type: 'DEBIT' }, page: 3, onPageChange: vi.fn() });
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/transaction/search?page=3&size=10');
    expect(requests[0]?.body).toEqual({ type: 'DEBIT', userId: USER_ID });
  });

  it('pages with Previous and Next and says where it is', async () => {
    db.transactions = Array.from({ length: 3_000 }, () => buildTransaction());
    const onPageChange = vi.fn();
    const user = userEvent.setup();
    renderList({ page: 2, onPageChange });

    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 2 of 300')).toBeInTheDocument();
    expect(within(pagination).getByTestId('pagination-summary')).toHaveTextContent(
      'Showing 11–20 of 3,000 transactions',
    );
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(within(pagination).getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it("says '1,000+' when the server stopped counting, and asks for each next page below the last row", async () => {
    const rows = Array.from({ length: 10 }, () => buildTransaction());
    const cursorOf = (page: number) => `${1_767_225_600_000 - page}_${rows[9]?.id}`;
    server.use(
      http.post('/api/transaction/search', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return contractJson(TransactionPageSchema, {
          items: rows,
          page,
          size: 10,
          totalElements: 1000,
          totalPages: 100,
          totalCapped: true,
          nextCursor: cursorOf(page),
        });
      }),
    );
    const requests = recordRequests();
    function Paged() {
      const [page, setPage] = useState(1);
      return (
        <TransactionList
          filter={{ query: 'ankara' }}
          caption="Search"
          empty={EMPTY}
          page={page}
          onPageChange={setPage}
        />
      );
    }
    signIn();
    renderWithQueryClient(<Paged />);
    const user = userEvent.setup();

    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByTestId('pagination-summary')).toHaveTextContent(
      'Showing 1–10 of 1,000+ transactions',
    );
    expect(within(pagination).getByText('Page 1 of 100+')).toBeInTheDocument();
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));

    expect(await within(pagination).findByText('Page 2 of 100+')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual([
      '/api/transaction/search?page=1&size=10',
      `/api/transaction/search?page=2&size=10&after=${cursorOf(1)}`,
    ]);
  });

  it('pages on past a capped count while the server says more follow', async () => {
    server.use(
      http.post('/api/transaction/search', () =>
        contractJson(TransactionPageSchema, {
          items: [buildTransaction(), buildTransaction()],
          page: 101,
          size: 10,
          totalElements: 1000,
          totalPages: 100,
          totalCapped: true,
          nextCursor: null,
        }),
      ),
    );
    renderList({ page: 101, onPageChange: vi.fn() });

    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByTestId('pagination-summary')).toHaveTextContent(
      'Showing 1,001–1,002 of 1,000+ transactions',
    );
    expect(within(pagination).getByText('Page 101')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('cannot page before the first or past the last page', async () => {
    db.transactions = [buildTransaction()];
    renderList({ onPageChange: vi.fn() });
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 1 of 1')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pagination).getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('Transaction Details', () => {
  it('opens from a row and shows the fetched transaction under its labels', async () => {
    const row = buildTransaction({
      transactionType: 'DEBIT',
      transactionChannel: 'FEE',
      transactionAmount: 392_901,
    });
    const fresh = {
      ...row,
      description: 'Processing fees for March',
      parentTransactionId: '11111111-2222-4333-8444-555555555555',
    };
    db.transactions = [row];
    server.use(http.get('/api/transaction/:id', () => contractJson(TransactionSchema, fresh)));
    const requests = recordRequests();
    renderList();

    await userEvent.setup().click(await screen.findByTestId('transaction-row'));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(dialog).findByTestId('detail-description')).toHaveTextContent(
      'Processing fees for March',
    );
    expect(requests.some((request) => request.url === `/api/transaction/${row.id}`)).toBe(true);

    const value = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Transaction Time')).toHaveTextContent(/^05 Mar 2026, \d\d:15$/);
    expect(value('Amount')).toHaveTextContent('-₦3,929.01');
    expect(value('Description')).toHaveTextContent('Processing fees for March');
    expect(value('Transaction ID')).toHaveTextContent(row.transactionId);
    expect(value('Type')).toHaveTextContent('Debit');
    expect(value('Status')).toHaveTextContent('success');
    expect(value('Beneficiary')).toHaveTextContent('Chukwuemeka Enterprises Limited');
    expect(value('Channel')).toHaveTextContent('Fee');
    expect(value('Order Reference')).toHaveTextContent('ORD-100200');
    expect(value('Parent Transaction')).toHaveTextContent('11111111-2222-4333-8444-555555555555');
  });

  it("names a refund's payment ('Refund of') and opens the payment's details from it", async () => {
    const payment = buildTransaction({ description: 'Adire scarf', orderReference: 'BZD-7K2M9Q4X8P' });
    const refund = buildTransaction({
      transactionType: 'DEBIT',
      transactionStatus: 'CREATED',
      transactionAmount: 1_000_000,
      description: 'Refund: Adire scarf',
      parentTransactionId: payment.id,
      orderReference: null,
      impactTime: '2026-03-06T10:15:00.000Z',
    });
    db.transactions = [payment, refund];
    renderList();
    const user = userEvent.setup();

    const [refundRow] = await screen.findAllByTestId('transaction-row');
    await user.click(refundRow as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(within(dialog).queryByText('Parent Transaction')).not.toBeInTheDocument();
    const link = await within(dialog).findByRole('button', { name: 'Adire scarf · BZD-7K2M9Q4X8P' });
    expect(within(dialog).getByTestId('detail-refund-of')).toContainElement(link);

    await user.click(link);
    expect(await within(dialog).findByTestId('detail-description')).toHaveTextContent(/^Adire scarf$/);
    expect(within(dialog).queryByTestId('detail-refund-of')).not.toBeInTheDocument();
  });

  it('says why a failed payment failed, as the customer was told', async () => {
    const reason = 'Your card has insufficient funds. Please use another card.';
    db.transactions = [buildTransaction({ transactionStatus: 'FAILED', failureReason: reason })];
    renderList();

    await userEvent.setup().click(await screen.findByTestId('transaction-row'));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(dialog).findByTestId('detail-failure-reason')).toHaveTextContent(
      `Why it failed${reason}`,
    );
  });

  it('leaves out Parent Transaction when there is none', async () => {
    db.transactions = [buildTransaction()];
    renderList();

    await userEvent.setup().click(await screen.findByTestId('transaction-row'));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(within(dialog).getByText('Transaction ID')).toBeInTheDocument();
    expect(within(dialog).queryByText('Parent Transaction')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('detail-failure-reason')).not.toBeInTheDocument();
  });

  it("says 'Unable to fetch transaction' when the detail cannot be loaded", async () => {
    db.transactions = [buildTransaction()];
    server.use(http.get('/api/transaction/:id', () => new HttpResponse(null, { status: 500 })));
    renderList();

    await userEvent.setup().click(await screen.findByTestId('transaction-row'));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unable to fetch transaction');
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
