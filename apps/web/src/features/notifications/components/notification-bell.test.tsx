import type { Notification } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { USER_ID } from '@/testing/factories';
import { seedNotifications } from '@/testing/mocks/handlers/notifications';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { NotificationBell } from './notification-bell';

const notice = (overrides: Partial<Notification>): Notification => ({
  id: crypto.randomUUID(),
  type: 'incomingPayments',
  title: 'Payment received',
  body: 'Ada Obi paid ₦5,000.00 (BZ-1).',
  read: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

function renderBell() {
  signIn();
  renderWithQueryClient(
    <MemoryRouter>
      <NotificationBell userId={USER_ID} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('NotificationBell', () => {
  it('shows the unread count and lists the notices newest first', async () => {
    seedNotifications([
      notice({ title: 'Payment received' }),
      notice({ title: 'New sign-in', type: 'securityAlerts', read: true }),
    ]);
    const user = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');

    await user.click(bell);
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((item) => within(item).getByText(/received|sign-in/).textContent)).toEqual([
      'Payment received (unread)',
      'New sign-in',
    ]);
  });

  it('marks one read, then all read, from the keyboard', async () => {
    seedNotifications([notice({ title: 'Payment received' }), notice({ title: 'Identity verified' })]);
    const user = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    await screen.findAllByTestId('notification-item');
    await user.keyboard('{ArrowDown}');
    const first = screen.getAllByTestId('notification-item')[0];
    first?.focus();
    await user.keyboard('{Enter}');
    // The open menu hides the rest of the page from assistive technology: read the badge itself.
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('1'));

    await user.click(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
    expect(screen.queryByRole('menuitem', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet, and links to the settings', async () => {
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
  });
});
