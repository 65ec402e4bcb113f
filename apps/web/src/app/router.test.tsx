import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCredentials, setCredentials } from '@/lib/credentials';
import { buildToken, USER_ID } from '@/testing/factories';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

describe('routes', () => {
  it('stores credentials handed over in ?token&id and removes them from the address', async () => {
    const token = buildToken();
    const requests = recordRequests();
    const { router } = renderApp(`/transactions/credit?token=${token}&id=${USER_ID}&keep=1`);

    await waitFor(() => expect(router.state.location.search).toBe('?keep=1'));
    expect(router.state.location.pathname).toBe('/transactions/credit');
    expect(getCredentials()).toEqual({ token, userId: USER_ID });
    expect(JSON.parse(window.localStorage.getItem('credentials') ?? '{}')).toEqual({
      token,
      userId: USER_ID,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    // The first call of the merchant's own (the public health check before it sends no token).
    const signedInCall = () => requests.find((request) => request.url !== '/api/health');
    await waitFor(() => expect(signedInCall()?.headers.get('Authorization')).toBe(`Bearer ${token}`));
  });

  it('sends a visitor without a token to sign-in', async () => {
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Bizdash' })).toBeInTheDocument();
  });

  it('sends a visitor with an expired token to sign-in and forgets the token', async () => {
    setCredentials({ token: buildToken({ expiresInSeconds: -1 }), userId: USER_ID });
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getCredentials()).toBeNull();
  });

  it('opens the dashboard on its recent transactions by default', async () => {
    signIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
  });

  it('redirects an unknown address to the not-found screen with a link home', async () => {
    signIn();
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("shows the seven settings tabs, Team and the owner's Activity, without Notifications", async () => {
    signIn();
    renderApp('/settings/notifications');
    const tabs = await screen.findByRole('navigation', { name: 'Settings sections' });
    const labels = Array.from(tabs.querySelectorAll('a')).map((link) => link.textContent);
    expect(labels).toEqual([
      'User Profile',
      'Company Details',
      'Settlement Account',
      'Documents',
      'Security',
      'Apps',
      'Developer Settings',
      'Team',
      'Activity',
    ]);
  });

  it('logs out: revokes the token, forgets it and shows sign-in', async () => {
    const token = signIn();
    const requests = recordRequests();
    const { router } = renderApp('/logout');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/auth/logout']);
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(getCredentials()).toBeNull();
  });
});
