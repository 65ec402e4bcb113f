import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { openLiveStreams } from '@/testing/mocks/handlers/live';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { isNavEntryActive } from './nav-entries';

function renderShell(path: string) {
  signIn();
  return renderApp(path);
}

async function mainNav() {
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

describe('sidebar', () => {
  it.each([
    ['/dashboard/recents', 'Dashboard'],
    ['/transactions/failed', 'Transactions'],
    ['/accounts/42/pending', 'Accounts'],
    ['/products', 'Payment Link'],
    ['/settings/apps', 'Settings'],
  ])('highlights the entry of %s', async (path, label) => {
    renderShell(path);
    const nav = await mainNav();
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
  });

  it('links to the API docs in a new tab without opener or referrer', async () => {
    renderShell('/dashboard/recents');
    const docs = within(await mainNav()).getByRole('link', { name: /API Docs/ });
    expect(docs).toHaveAttribute('href', '/api/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(await mainNav()).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('matches the whole first segment, not a prefix', () => {
    expect(isNavEntryActive('/dashboard', '/dashboard/pending')).toBe(true);
    expect(isNavEntryActive('/accounts', '/accounts')).toBe(true);
    expect(isNavEntryActive('/products', '/products-archive')).toBe(false);
    expect(isNavEntryActive('/settings', '/')).toBe(false);
  });
});

describe('top bar', () => {
  it("shows the user's status and initials, and the avatar opens settings", async () => {
    const { router } = renderShell('/dashboard/recents');
    const status = await screen.findByTestId('user-status');
    expect(status).toHaveTextContent('Pending KYC');
    expect(status).toHaveAttribute('data-status', 'PENDING_KYC');
    expect(screen.getByTestId('avatar')).toHaveTextContent('AO');

    await userEvent.setup().click(screen.getByRole('link', { name: /profile settings/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it.each(['/transactions/all', '/settings/documents'])(
    'holds exactly one live stream on %s, whatever the page and the bell need',
    async (path) => {
      renderShell(path);
      await screen.findByTestId('user-status');
      await waitFor(() => expect(openLiveStreams()).toBe(1));
    },
  );

  it('shows the profile picture when the user has one', async () => {
    db.user = buildUser({ profilePictureUrl: '/files/me.png' });
    renderShell('/dashboard/recents');
    await screen.findByTestId('user-status');
    expect(screen.getByTestId('avatar').querySelector('img')).toHaveAttribute('src', '/files/me.png');
  });

  it('opens the mobile menu from its button and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard/recents');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Payment Link' })).toHaveAttribute('href', '/products');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});

describe('email verification banner', () => {
  it('sends a code, verifies it and disappears', async () => {
    const user = userEvent.setup();
    db.user = buildUser({ emailVerified: false });
    const requests = recordRequests();
    renderShell('/dashboard/recents');

    expect(await screen.findByText('Verify your email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    expect(await screen.findByText('We sent a 6-digit code to your email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));

    await waitFor(() => expect(screen.queryByText('Verify your email address')).not.toBeInTheDocument());
    expect(
      requests.find((request) => request.method === 'POST' && request.url === '/api/users/otp')?.body,
    ).toEqual({
      email: 'ada@example.com',
      otp: '123456',
    });
  });
});
