import { FORGOT_PASSWORD_SENT } from '@bizdash/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';

describe('forgot password', () => {
  it('is reached from sign-in with the keyboard, right after the password field', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/signin');
    await user.click(await screen.findByLabelText('Password'));
    await user.tab(); // the show-password button
    await user.tab();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
  });

  it("sends the address and shows the API's answer in place of the form, with a way back to sign in", async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));

    const notice = await screen.findByTestId('auth-notice');
    expect(notice).toHaveTextContent(FORGOT_PASSWORD_SENT);
    expect(notice).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/auth/forgot-password',
    ]);
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('says an address is invalid and sends nothing', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));

    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows a refusal as a toast and keeps the form to try again later', async () => {
    server.use(
      http.post('/api/auth/forgot-password', () =>
        apiError(429, 'Too many attempts. Try again in 12 minutes.', 'RATE_LIMITED'),
      ),
    );
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));

    expect(await screen.findByText('Too many attempts. Try again in 12 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a reset link' })).toBeEnabled();
    expect(screen.queryByTestId('auth-notice')).not.toBeInTheDocument();
  });
});
