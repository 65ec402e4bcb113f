import { UserSchema } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { getCredentials, getPendingHandOver } from '@/lib/credentials';
import { buildToken, buildUser } from '@/testing/factories';
import { server } from '@/testing/mocks/server';
import { apiError, contractJson } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const OTHER_USER_ID = '5f0e9d8c-7b6a-4c5d-8e4f-3a2b1c0d9e8f';
const otherToken = buildToken({ expiresInSeconds: 7200 });
const other = buildUser({
  recordId: OTHER_USER_ID,
  firstName: 'Bola',
  lastName: 'Adeyemi',
  email: 'bola@example.com',
  businessName: 'Adeyemi Prints',
});

/** The other merchant's account answers its own token only, as the API does. */
function serveOtherAccount() {
  server.use(
    http.get(`/api/users/${OTHER_USER_ID}`, ({ request }) =>
      request.headers.get('Authorization') === `Bearer ${otherToken}`
        ? contractJson(UserSchema, other)
        : apiError(401, 'Unauthorized', 'UNAUTHORIZED'),
    ),
  );
}

/** Ada is signed in; a link signs in Bola. */
async function openLinkOfOtherMerchant() {
  const token = signIn();
  const user = userEvent.setup();
  const view = renderApp(`/transactions/credit?token=${otherToken}&id=${OTHER_USER_ID}&keep=1`);
  await screen.findByRole('heading', { level: 1, name: 'Switch account?' });
  return { ...view, user, current: token };
}

afterEach(() => window.sessionStorage.clear());

describe('switch account', () => {
  it('says who is signed in and whom the link signs in, and switches nothing yet', async () => {
    serveOtherAccount();
    const { router, current } = await openLinkOfOtherMerchant();

    expect(router.state.location.pathname).toBe('/switch-account');
    expect(router.state.location.search).toBe('');
    const now = screen.getByRole('region', { name: 'Signed in now' });
    const link = screen.getByRole('region', { name: 'The link signs in' });
    expect(await within(now).findByText('Ada Okafor')).toBeInTheDocument();
    expect(now).toHaveTextContent('ada@example.com');
    expect(await within(link).findByText('Bola Adeyemi')).toBeInTheDocument();
    expect(link).toHaveTextContent('bola@example.com');
    expect(link).toHaveTextContent('Adeyemi Prints');
    expect(getCredentials()?.token).toBe(current);
  });

  it('switches: the link signs in and opens the address it pointed to', async () => {
    serveOtherAccount();
    const { router, user } = await openLinkOfOtherMerchant();
    await user.click(screen.getByRole('button', { name: 'Switch account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/credit'));
    expect(router.state.location.search).toBe('?keep=1');
    expect(getCredentials()).toEqual({ token: otherToken, userId: OTHER_USER_ID });
    expect(getPendingHandOver()).toBeNull();
  });

  it("stays: the link's credentials are dropped and the address opens as the current merchant", async () => {
    serveOtherAccount();
    const { router, user, current } = await openLinkOfOtherMerchant();
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/credit'));
    expect(router.state.location.search).toBe('?keep=1');
    expect(getCredentials()?.token).toBe(current);
    expect(getPendingHandOver()).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
  });

  it("names the link's account by its id when its token reads nothing, and signs nobody out", async () => {
    server.use(http.get(`/api/users/${OTHER_USER_ID}`, () => apiError(401, 'Unauthorized', 'UNAUTHORIZED')));
    const { current } = await openLinkOfOtherMerchant();

    const link = screen.getByRole('region', { name: 'The link signs in' });
    expect(await within(link).findByText(OTHER_USER_ID)).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    expect(getCredentials()?.token).toBe(current);
    expect(screen.getByRole('button', { name: 'Switch account' })).toBeEnabled();
  });

  it('has nothing to ask without a waiting link and opens the dashboard', async () => {
    signIn();
    const { router } = renderApp('/switch-account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
  });
});
