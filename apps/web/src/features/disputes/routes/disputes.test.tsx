import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { buildDispute } from '../testing/factories';

const DAY_MS = 24 * 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

function openDisputes(path = '/disputes') {
  signIn();
  return { ...renderApp(path), user: userEvent.setup() };
}

function seed() {
  const won = buildDispute({
    status: 'WON',
    createdAt: '2026-11-01T10:00:00.000Z',
    closedAt: '2026-11-03T10:00:00.000Z',
    payment: { ...buildDispute().payment, customerName: 'Tunde Bakare' },
  });
  const later = buildDispute({
    evidenceDueBy: inDays(5.1),
    amount: 1_000_000,
    reason: 'fraudulent',
    payment: { ...buildDispute().payment, customerName: 'Amaka Obi' },
  });
  const soon = buildDispute({ evidenceDueBy: inDays(3.1) });
  db.disputes = [won, later, soon];
  return { won, later, soon };
}

const nav = () => screen.findByRole('navigation', { name: 'Main navigation' });

describe('Disputes', () => {
  it('is a sidebar entry whose badge says how many need a response', async () => {
    seed();
    openDisputes();
    const entry = within(await nav()).getByRole('link', { name: /^Disputes/ });
    expect(entry).toHaveAttribute('href', '/disputes');
    expect(entry).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(entry).toHaveAccessibleName('Disputes 2 need a response'));
    expect(within(entry).getByTestId('disputes-nav-badge')).toHaveTextContent('2');
    // On a phone the sidebar is behind the menu button: a dot on it says something waits inside.
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(within(menu).getByTestId('disputes-menu-dot')).toBeInTheDocument();
  });

  it('shows no badge when nothing needs a response', async () => {
    db.disputes = [buildDispute({ status: 'UNDER_REVIEW' })];
    openDisputes('/dashboard/recents');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const entry = within(await nav()).getByRole('link', { name: 'Disputes' });
    expect(within(entry).queryByTestId('disputes-nav-badge')).not.toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(within(menu).queryByTestId('disputes-menu-dot')).not.toBeInTheDocument();
  });

  it('lists the ones needing an answer first, soonest due, with amount, reason, customer and due date', async () => {
    seed();
    openDisputes();
    const rows = await screen.findAllByTestId('dispute-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual([
      'NEEDS_RESPONSE',
      'NEEDS_RESPONSE',
      'WON',
    ]);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Chioma Eze');
    expect(first).toHaveTextContent('Product not received');
    expect(within(first).getByTestId('dispute-amount')).toHaveTextContent('₦25,000.00');
    expect(within(first).getByTestId('dispute-due')).toHaveTextContent('Due in 3 days');
    expect(second).toHaveTextContent('Amaka Obi');
    expect(second).toHaveTextContent('Fraudulent');
    expect(within(second).getByTestId('dispute-due')).toHaveTextContent('Due in 5 days');
    expect(within(third).getByTestId('dispute-status')).toHaveTextContent('Won');
  });

  it('says Overdue once the due date has passed', async () => {
    db.disputes = [buildDispute({ evidenceDueBy: inDays(-0.5) })];
    openDisputes();
    expect(await screen.findByTestId('dispute-due')).toHaveTextContent('Overdue');
  });

  it('filters by status through the URL, and opens a dispute', async () => {
    const { won } = seed();
    const { router, user } = openDisputes();
    await screen.findAllByTestId('dispute-row');
    await user.click(screen.getByRole('button', { name: 'Won' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=WON'));
    await waitFor(() => expect(screen.getAllByTestId('dispute-row')).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: /Tunde Bakare/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/disputes/${won.id}`));
  });

  it('explains what a dispute is, with the sandbox card, when there is none', async () => {
    openDisputes();
    expect(await screen.findByRole('heading', { name: 'No disputes' })).toBeInTheDocument();
    expect(screen.getByText(/asking their bank to take a card payment back/)).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0259')).toBeInTheDocument();
  });

  it('says when no dispute is in the chosen status', async () => {
    seed();
    const { user } = openDisputes('/disputes?status=LOST');
    expect(await screen.findByRole('heading', { name: 'No disputes lost' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all disputes' }));
    expect(await screen.findAllByTestId('dispute-row')).toHaveLength(3);
  });
});
