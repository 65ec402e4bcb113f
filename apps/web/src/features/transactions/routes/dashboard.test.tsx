import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  buildTransaction,
  buildWallet,
  buildWalletSummary,
  quietDays,
  USER_ID,
  WALLET_IDS,
} from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { type RecordedRequest, recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function openDashboard(path = '/dashboard/recents') {
  signIn();
  const requests = recordRequests();
  return { requests, ...renderApp(path) };
}

const searchBodies = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.url.startsWith('/api/transaction/search'))
    .map((request) => request.body);

describe('dashboard balances', () => {
  it('shows a card per wallet with its available balance, pending amount and a link to the account', async () => {
    db.wallets = [
      buildWallet({ availableBalance: 108_250_264, pendingAmount: 1_500_000 }),
      buildWallet({ currency: 'USD', availableBalance: 430_603, pendingAmount: 0, status: 'SPENDLOCK' }),
    ];
    openDashboard();
    const naira = await screen.findByTestId('wallet-card-NGN');
    expect(within(naira).getByRole('heading', { name: 'Naira account' })).toBeInTheDocument();
    expect(within(naira).getByTestId('available-balance')).toHaveTextContent('₦1,082,502.64');
    expect(within(naira).getByTestId('pending-amount')).toHaveTextContent('₦15,000.00');
    expect(within(naira).getByRole('link', { name: 'Naira account' })).toHaveAttribute(
      'href',
      `/accounts/${WALLET_IDS.NGN}`,
    );

    const dollars = screen.getByTestId('wallet-card-USD');
    expect(within(dollars).getByTestId('available-balance')).toHaveTextContent('$4,306.03');
    expect(within(dollars).getByTestId('account-status')).toHaveTextContent('spendlock');
    expect(within(dollars).getByTestId('account-status')).toHaveClass('bg-amber-50');
  });
});

describe('money in and out chart', () => {
  it('draws one currency at a time, with a legend, totals and a table of every day', async () => {
    const ngnDays = quietDays('2026-02-04', 30).map((day, index) =>
      index === 29 ? { ...day, moneyIn: 1_250_000, moneyOut: 400_000 } : day,
    );
    const usdDays = quietDays('2026-02-04', 30).map((day, index) =>
      index === 0 ? { ...day, moneyIn: 9_900 } : day,
    );
    const summary = buildWalletSummary({
      from: '2026-02-04',
      to: '2026-03-05',
      wallets: [
        { walletId: WALLET_IDS.NGN, currency: 'NGN', days: ngnDays },
        { walletId: WALLET_IDS.USD, currency: 'USD', days: usdDays },
      ],
    });
    server.use(http.get('/api/wallets/summary', () => HttpResponse.json(summary)));
    openDashboard();

    const chart = await screen.findByRole('img', { name: 'Money in and out per day (NGN), last 30 days' });
    expect(chart).toBeInTheDocument();
    const totals = screen.getByTestId('money-flow-totals');
    expect(totals).toHaveTextContent('Money in₦12,500.00');
    expect(totals).toHaveTextContent('Money out₦4,000.00');
    const table = screen.getByRole('table', { name: 'Money in and out per day (NGN)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)).toHaveTextContent('05 Mar 2026₦12,500.00₦4,000.00');

    await userEvent.setup().click(screen.getByRole('button', { name: 'USD' }));
    expect(screen.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('img', { name: 'Money in and out per day (USD), last 30 days' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('money-flow-totals')).toHaveTextContent('Money in$99.00');
  });

  it('opens on the currency that moved money when NGN moved none', async () => {
    const usdDays = quietDays('2026-02-04', 30).map((day, index) =>
      index === 3 ? { ...day, moneyIn: 25_000 } : day,
    );
    const summary = buildWalletSummary({
      from: '2026-02-04',
      to: '2026-03-05',
      wallets: [
        { walletId: WALLET_IDS.NGN, currency: 'NGN', days: quietDays('2026-02-04', 30) },
        { walletId: WALLET_IDS.USD, currency: 'USD', days: usdDays },
      ],
    });
    server.use(http.get('/api/wallets/summary', () => HttpResponse.json(summary)));
    openDashboard();

    expect(
      await screen.findByRole('img', { name: 'Money in and out per day (USD), last 30 days' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('money-flow-totals')).toHaveTextContent('Money in$250.00');
    expect(screen.queryByText(/No money moved/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'NGN' }));
    expect(await screen.findByText('No money moved in these 30 days.')).toBeInTheDocument();
  });

  it('keeps the table for screen readers from adding empty scroll below the dashboard', async () => {
    openDashboard();
    const table = await screen.findByRole('table', { name: /Money in and out per day/ });
    // A table grows with its rows whatever height it is given: the clipped box around it must hide it instead.
    expect(table).not.toHaveClass('sr-only');
    expect(table.parentElement).toHaveClass('sr-only');
  });

  it('holds the place of the chart with a skeleton, then draws it at the width of that place', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 480, 292));
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // Held back, then answered by the usual handler.
    server.use(
      http.get('/api/wallets/summary', async () => {
        await answered;
      }),
    );
    openDashboard();
    const card = await screen.findByRole('region', { name: 'Money in and out' });
    await screen.findByTestId('wallet-card-NGN');
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(card.querySelector('[aria-hidden="true"].animate-pulse')).toBeInTheDocument();

    answer();
    const chart = await within(card).findByRole('img', { name: /Money in and out per day/ });
    expect(chart).toHaveAttribute('width', '480');
    expect(card.querySelector('.animate-pulse')).not.toBeInTheDocument();
  });

  it('asks the summary for the last 30 days', async () => {
    const { requests } = openDashboard();
    await screen.findByRole('img', { name: /Money in and out per day/ });
    const summary = requests.find((request) => request.url.startsWith('/api/wallets/summary'));
    const params = new URL(summary?.url ?? '', 'http://x').searchParams;
    const days = (Date.parse(params.get('to') ?? '') - Date.parse(params.get('from') ?? '')) / 86_400_000;
    expect(days).toBe(29);
    expect(params.get('to')).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('dashboard transactions', () => {
  it('lists the newest transactions with a link to all of them', async () => {
    db.transactions = Array.from({ length: 400 }, () => buildTransaction());
    const { requests } = openDashboard('/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(10));
    expect(searchBodies(requests)).toEqual([{ userId: USER_ID }]);
    expect(screen.getByRole('link', { name: 'View all transactions' })).toHaveAttribute(
      'href',
      '/transactions/all',
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('lists the pending transactions on the pending tab', async () => {
    db.transactions = [buildTransaction({ transactionStatus: 'CREATED' })];
    const { requests } = openDashboard('/dashboard/pending');
    expect(await screen.findByTestId('transaction-status')).toHaveTextContent('pending');
    expect(searchBodies(requests)).toEqual([{ status: ['CREATED', 'OTP_VERIFIED'], userId: USER_ID }]);
    expect(screen.getByRole('link', { name: 'View all pending transactions' })).toHaveAttribute(
      'href',
      '/transactions/pending',
    );
  });

  it('says so when there is nothing pending', async () => {
    openDashboard('/dashboard/pending');
    expect(await screen.findByRole('heading', { name: 'No pending transactions' })).toBeInTheDocument();
  });
});
