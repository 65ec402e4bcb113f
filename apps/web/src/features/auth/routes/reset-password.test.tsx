import { PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '@bizdash/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getCredentials } from '@/lib/credentials';
import { db, RESET_TOKEN } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const NEW_PASSWORD = 'N3w!Passw0rd';
const INCOMPLETE_LINK = 'This reset link is incomplete. Open the link from the email again.';

async function openLink(hash = `#token=${RESET_TOKEN}`) {
  const user = userEvent.setup();
  const requests = recordRequests();
  const view = renderApp(`/reset-password${hash}`);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, user, requests };
}

async function choosePassword(
  user: ReturnType<typeof userEvent.setup>,
  password: string,
  confirm = password,
) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password', () => {
  it('takes the token out of the address bar as soon as it has read it', async () => {
    const { router } = await openLink();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('holds the new password to the sign-up rules and asks for it twice', async () => {
    const { user, requests } = await openLink();
    await choosePassword(user, 'password1!', 'password2!');
    expect(
      await screen.findByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('sets the password, forgets the session of this browser and sends the merchant to sign in', async () => {
    signIn();
    const { router, user, requests } = await openLink();
    await choosePassword(user, NEW_PASSWORD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Bizdash' })).toBeInTheDocument();
    expect(getCredentials()).toBeNull();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/auth/reset-password',
    ]);
    expect(requests[0]?.body).toEqual({ token: RESET_TOKEN, password: NEW_PASSWORD });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(db.password).toBe(NEW_PASSWORD);
  });

  it('offers a new link when the server says this one was used or has expired', async () => {
    db.resetToken = null;
    const { user } = await openLink();
    await choosePassword(user, NEW_PASSWORD);

    const notice = await screen.findByTestId('auth-notice');
    expect(notice).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it.each([
    ['no token', ''],
    ['a token cut short', '#token=abc123'],
  ])('offers a new link for %s without asking the server', async (_case, hash) => {
    const { requests } = await openLink(hash);

    expect(await screen.findByTestId('auth-notice')).toHaveTextContent(INCOMPLETE_LINK);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
