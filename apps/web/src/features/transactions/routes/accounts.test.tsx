import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTransaction, buildWallet, USER_ID, WALLET_IDS } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function open(path: string) {
  signIn();
  const requests = recordRequests();
  return { requests, ...renderApp(path) };
}

describe('accounts list', () => {
  it('shows each wallet as an account with balances and status, linking to it', async () => {
    db.wallets = [
      buildWallet(),
      buildWallet({ currency: 'USD', status: 'DEACTIVATED', pendingAmount: 881_061 }),
    ];
    open('/accounts');
    const dollars = await screen.findByTestId('wallet-card-USD');
    expect(within(dollars).getByRole('heading', { name: 'Dollars account' })).toBeInTheDocument();
    expect(within(dollars).getByTestId('pending-amount')).toHaveTextContent('$8,810.61');
    expect(within(dollars).getByTestId('account-status')).toHaveTextContent('deactivated');
    expect(within(dollars).getByTestId('account-status')).toHaveClass('bg-red-50');
    expect(within(dollars).getByText(WALLET_IDS.USD)).toBeInTheDocument();
    expect(within(dollars).getByRole('link', { name: 'Dollars account' })).toHaveAttribute(
      'href',
      `/accounts/${WALLET_IDS.USD}`,
    );
  });

  it('says so when the merchant has no accounts', async () => {
    db.wallets = [];
    open('/accounts');
    expect(await screen.findByRole('heading', { name: 'No accounts yet' })).toBeInTheDocument();
  });
});

describe('account detail', () => {
  it("shows the wallet's balance and its own transactions, newest first", async () => {
    db.wallets = [buildWallet(), buildWallet({ currency: 'USD', availableBalance: 430_603 })];
    db.transactions = [
      buildTransaction({ walletId: WALLET_IDS.USD, currencyCode: 'USD', transactionAmount: 12_345 }),
      buildTransaction({ walletId: WALLET_IDS.NGN }),
    ];
    const { requests } = open(`/accounts/${WALLET_IDS.USD}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dollars account' })).toBeInTheDocument();
    expect(screen.getByTestId('available-balance')).toHaveTextContent('$4,306.03');
    expect(await screen.findByTestId('transaction-amount')).toHaveTextContent('$123.45');
    await waitFor(() =>
      expect(requests.find((request) => request.url.startsWith('/api/transaction/search'))?.body).toEqual({
        walletId: WALLET_IDS.USD,
        userId: USER_ID,
      }),
    );
    expect(screen.getByRole('link', { name: 'Recent transactions' })).toHaveAttribute('aria-current', 'page');
  });

  it("lists the wallet's pending transactions on the pending tab", async () => {
    const { requests } = open(`/accounts/${WALLET_IDS.NGN}/pending`);
    expect(await screen.findByRole('heading', { name: 'No pending transactions' })).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/api/transaction/search'))?.body).toEqual({
      status: ['CREATED', 'OTP_VERIFIED'],
      walletId: WALLET_IDS.NGN,
      userId: USER_ID,
    });
  });

  it('says the account was not found when the API answers 404', async () => {
    db.wallets = [buildWallet()];
    open(`/accounts/${WALLET_IDS.USD}`);
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to accounts' })).toHaveAttribute('href', '/accounts');
  });
});
