import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildTransaction, USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { EXPORT_FILENAME } from '@/testing/mocks/handlers/transactions';
import { type RecordedRequest, recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { gate } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function searches(requests: RecordedRequest[]) {
  return requests.filter((request) => request.url.startsWith('/api/transaction/search'));
}

function openTransactions(path: string) {
  signIn();
  const requests = recordRequests();
  return { requests, ...renderApp(path) };
}

describe('transactions tabs', () => {
  it.each([
    ['all', {}],
    ['credit', { type: 'CREDIT' }],
    ['debit', { type: 'DEBIT' }],
    ['pending', { status: ['CREATED', 'OTP_VERIFIED'] }],
    ['failed', { status: 'FAILED' }],
  ])('the %s tab searches with %j', async (tab, filter) => {
    const { requests } = openTransactions(`/transactions/${tab}`);
    await waitFor(() => expect(searches(requests)).toHaveLength(1));
    expect(searches(requests)[0]?.body).toEqual({ ...filter, userId: USER_ID });
    expect(searches(requests)[0]?.url).toBe('/api/transaction/search?page=1&size=10');
  });

  it('opens on the all tab', async () => {
    const { router } = openTransactions('/transactions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/all'));
    expect(await screen.findByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('transactions page', () => {
  it('reads the page from the URL and writes it back when paging', async () => {
    db.transactions = Array.from({ length: 25 }, () => buildTransaction());
    const { requests, router } = openTransactions('/transactions/all?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(searches(requests)[0]?.url).toBe('/api/transaction/search?page=2&size=10');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
  });

  it.each([
    // A 390 px phone leaves the box about 318 px: the long hint was cut there.
    [318, 'Description, name or reference'],
    [600, 'Description, beneficiary or order reference'],
  ])('gives the search box a hint that fits its %i px', async (width, hint) => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 44));
    openTransactions('/transactions/all');
    expect(await screen.findByLabelText('Search')).toHaveAttribute('placeholder', hint);
  });

  it('keeps the search text and date range in the URL and sends them as the filter', async () => {
    const { requests, router } = openTransactions('/transactions/credit?page=2');
    await userEvent.setup().type(await screen.findByLabelText('Search'), 'ankara');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ankara'));
    await screen.findAllByRole('button', { name: 'Clear filters' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=ankara&from=2026-03-01'));

    await waitFor(() =>
      expect(searches(requests).at(-1)?.body).toEqual({
        type: 'CREDIT',
        query: 'ankara',
        from: new Date(2026, 2, 1).toISOString(),
        userId: USER_ID,
      }),
    );
    // Typing is debounced: one search for the whole word, not one per letter.
    expect(searches(requests).filter((request) => (request.body as { query?: string }).query)).toHaveLength(
      2,
    );
  });

  it('keeps both days when From and To change before the page renders again', async () => {
    const { router } = openTransactions('/transactions/debit?q=fees');
    const from = await screen.findByLabelText('From');
    act(() => {
      fireEvent.change(from, { target: { value: '2026-03-01' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02' } });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=fees&from=2026-03-01&to=2026-03-02'));
  });

  it('shows the date range from the URL as the app shows dates, and takes a day typed that way', async () => {
    const { router } = openTransactions('/transactions/all?from=2026-01-05&to=2026-02-10');
    expect(await screen.findByLabelText('From')).toHaveValue('05 Jan 2026');
    expect(screen.getByLabelText('To')).toHaveValue('10 Feb 2026');

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '1 Feb 2026');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-01-05&to=2026-02-01'));
    // Not before the From day, nor outside 2000-2099.
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '4 Jan 2026');
    await user.tab();
    expect(screen.getByText('Choose a day from 05 Jan 2026 to 31 Dec 2099')).toBeInTheDocument();
  });

  it('switching tabs keeps the filters and starts again at page 1', async () => {
    const { router } = openTransactions('/transactions/all?q=fees&page=3');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Debit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/debit'));
    expect(router.state.location.search).toBe('?q=fees');
  });

  it('clears the filters from an empty result', async () => {
    const { router } = openTransactions('/transactions/all?q=nothing&to=2026-01-01');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue(''));
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
  });

  it('exports the current filters as CSV, waiting while the file is made', async () => {
    const making = gate();
    server.use(
      http.post('/api/transaction/export', async () => {
        await making.opened;
      }),
    );
    const { requests } = openTransactions('/transactions/failed?q=card');
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    const exported = requests.find((request) => request.url === '/api/transaction/export');
    expect(exported?.method).toBe('POST');
    expect(exported?.body).toEqual({ status: 'FAILED', query: 'card', userId: USER_ID });

    making.open();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(EXPORT_FILENAME);
  });
});
