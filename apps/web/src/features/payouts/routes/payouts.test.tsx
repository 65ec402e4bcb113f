import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { gate } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { buildPayout } from '../testing/factories';

function openPayouts(path = '/payouts') {
  signIn();
  return { ...renderApp(path), user: userEvent.setup() };
}

describe('Payouts', () => {
  it('is a sidebar entry, current on the payouts pages', async () => {
    openPayouts();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const entry = within(nav).getByRole('link', { name: 'Payouts' });
    expect(entry).toHaveAttribute('href', '/payouts');
    expect(entry).toHaveAttribute('aria-current', 'page');
  });

  it('lists the payouts with amount, fee, account, status, date and why a failed one came back', async () => {
    db.payouts = [
      buildPayout({ status: 'PROCESSING', amount: 2_500_000, fee: 2_500, settledAt: null }),
      buildPayout({ status: 'FAILED', failureReason: 'Account closed', settledAt: null }),
      buildPayout({ status: 'SUCCESSFUL' }),
      buildPayout({ status: 'PENDING_CONFIRMATION', settledAt: null }),
      buildPayout({ status: 'CANCELLED', settledAt: null }),
    ];
    openPayouts();
    expect(await screen.findByRole('heading', { name: 'Payouts', level: 1 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('payout-row');
    expect(rows).toHaveLength(5);
    const [processing, failed, successful, pending, cancelled] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(processing).getByTestId('payout-amount')).toHaveTextContent('₦25,000.00');
    expect(within(processing).getByTestId('payout-fee')).toHaveTextContent('₦25.00');
    expect(within(processing).getByText('GTBank ****6789')).toBeInTheDocument();
    expect(within(processing).getByText('05 Mar 2026', { exact: false })).toBeInTheDocument();
    expect(within(processing).getByTestId('payout-status')).toHaveTextContent('Processing');
    expect(within(failed).getByTestId('payout-status')).toHaveTextContent('Failed');
    expect(within(failed).getByTestId('payout-failure-reason')).toHaveTextContent('Returned: Account closed');
    expect(within(successful).getByTestId('payout-status')).toHaveTextContent('Successful');
    expect(within(successful).queryByTestId('payout-failure-reason')).not.toBeInTheDocument();
    expect(within(pending).getByTestId('payout-status')).toHaveTextContent('Awaiting confirmation');
    expect(within(pending).getByRole('link', { name: 'Confirm payout of ₦5,000.00' })).toHaveAttribute(
      'href',
      `/payouts/${db.payouts[3]?.id}`,
    );
    expect(within(cancelled).getByTestId('payout-status')).toHaveTextContent('Cancelled');
    expect(screen.getByRole('link', { name: 'New payout' })).toHaveAttribute('href', '/payouts/new');
  });

  it('says when there are none yet, with one way to start', async () => {
    openPayouts();
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New payout' })).toHaveLength(1);
  });

  it('shows that it is loading until the list arrives', async () => {
    const held = gate();
    server.use(
      http.get('/api/payouts', async () => {
        await held.opened;
      }),
    );
    openPayouts();
    expect(await screen.findByText('Loading payouts')).toBeInTheDocument();
    held.open();
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();
  });

  it('opens a payout waiting for its code at the confirm step', async () => {
    db.payouts = [
      buildPayout({ status: 'PENDING_CONFIRMATION', createdAt: new Date().toISOString(), settledAt: null }),
    ];
    const { user, router } = openPayouts();
    await user.click(await screen.findByRole('link', { name: /^Confirm payout of/ }));
    expect(await screen.findByRole('heading', { name: 'Confirm your payout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/payouts/${db.payouts[0]?.id}`);
    expect(screen.getByLabelText('Enter the 6-digit code we emailed you')).toBeInTheDocument();
  });

  it('says when a payout does not exist', async () => {
    openPayouts('/payouts/6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e6f');
    expect(await screen.findByRole('heading', { name: 'Payout not found' })).toBeInTheDocument();
  });
});
