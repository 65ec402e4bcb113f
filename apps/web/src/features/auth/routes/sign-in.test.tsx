import {
  formatRecoveryCode,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INCORRECT,
  twoFactorCodeUsed,
} from '@bizdash/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { clearCredentials, getCredentials } from '@/lib/credentials';
import { USER_ID } from '@/testing/factories';
import {
  CHALLENGE_TOKEN,
  db,
  RECOVERY_CODES,
  TWO_FACTOR_APP_CODE,
  twoFactorOn,
  USER_PASSWORD,
} from '@/testing/mocks/db';
import { KNOWN_DEVICE_TOKEN } from '@/testing/mocks/handlers/auth';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';

async function signInWithPassword() {
  db.twoFactor = twoFactorOn();
  const requests = recordRequests();
  const view = renderApp('/signin');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), db.user.email);
  await user.type(screen.getByLabelText('Password'), USER_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication', level: 1 });
  return { ...view, user, requests };
}

const twoFactorCalls = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((request) => request.url === '/api/auth/signin/two-factor');

// A sign-in ends on the dashboard, whose code the first test imports cold: more than the default 5 s on a busy machine.
describe('Sign-in with two-factor authentication', { timeout: 15_000 }, () => {
  it('asks for the code from the app after the password, then signs in with it', async () => {
    const { user, router, requests } = await signInWithPassword();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(getCredentials()).toBeNull();
    const code = await screen.findByLabelText('Authentication code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, TWO_FACTOR_APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
    expect(getCredentials()?.userId).toBe(USER_ID);
    expect(twoFactorCalls(requests)[0]?.body).toEqual({
      challengeToken: CHALLENGE_TOKEN,
      code: TWO_FACTOR_APP_CODE,
    });
  });

  it('says a wrong code is wrong and stays on the code step', async () => {
    const { user, router } = await signInWithPassword();
    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_CODE_INCORRECT)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/signin');
    expect(getCredentials()).toBeNull();
  });

  it('takes a recovery code instead', async () => {
    const { user, router, requests } = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const code = await screen.findByLabelText('Recovery code');
    expect(code).toHaveAttribute('placeholder', 'xxxxx-xxxxx');
    expect(code).not.toHaveAttribute('inputmode');
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());

    await user.type(code, formatRecoveryCode(RECOVERY_CODES[3] ?? ''));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
    expect(twoFactorCalls(requests)[0]?.body).toEqual({
      challengeToken: CHALLENGE_TOKEN,
      code: RECOVERY_CODES[3],
    });
    expect(db.twoFactor.recoveryCodes).not.toContain(RECOVERY_CODES[3]);
  });

  it('goes back to the password step, keeping the email', async () => {
    const { user } = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Bizdash', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(db.user.email);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('says a code already used is used and when the next comes, under the box', async () => {
    server.use(
      http.post('/api/auth/signin/two-factor', () =>
        apiError(400, twoFactorCodeUsed(12), 'TWO_FACTOR_CODE_USED'),
      ),
    );
    const { user } = await signInWithPassword();
    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, TWO_FACTOR_APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(twoFactorCodeUsed(12))).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('remembers the device it signed in on and names it with the next sign-in', async () => {
    const { user, router, requests, unmount } = await signInWithPassword();
    expect(requests.find((request) => request.url === '/api/auth/signin')?.body).not.toHaveProperty(
      'deviceToken',
    );
    await user.type(await screen.findByLabelText('Authentication code'), TWO_FACTOR_APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
    unmount();
    clearCredentials(); // signed out: the device is still known

    const again = await signInWithPassword();
    expect(again.requests.find((request) => request.url === '/api/auth/signin')?.body).toMatchObject({
      email: db.user.email,
      deviceToken: KNOWN_DEVICE_TOKEN,
    });
  });

  it('starts again from the password when the sign-in took too long', async () => {
    server.use(
      http.post('/api/auth/signin/two-factor', () =>
        apiError(401, TWO_FACTOR_CHALLENGE_EXPIRED, 'TWO_FACTOR_CHALLENGE_EXPIRED'),
      ),
    );
    const { user } = await signInWithPassword();
    await user.type(await screen.findByLabelText('Authentication code'), TWO_FACTOR_APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_CHALLENGE_EXPIRED)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in to Bizdash', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(db.user.email);
    expect(getCredentials()).toBeNull();
  });

  it('signs in at once when the account has two-factor off', async () => {
    const { user, router } = { ...renderApp('/signin'), user: userEvent.setup() };
    await user.type(await screen.findByLabelText('Email'), db.user.email);
    await user.type(screen.getByLabelText('Password'), USER_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});
