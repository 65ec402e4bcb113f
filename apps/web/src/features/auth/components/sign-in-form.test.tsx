import { AuthTokenResponseSchema, SignInResponseSchema } from '@bizdash/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { getCredentials } from '@/lib/credentials';
import { buildToken, USER_ID } from '@/testing/factories';
import { USER_PASSWORD } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { contractJson, gate } from '@/testing/mocks/utils';
import { renderWithQueryClient } from '@/testing/render';
import { SignInForm } from './sign-in-form';

function renderForm(onSuccess = vi.fn(), onChallenge = vi.fn()) {
  renderWithQueryClient(
    <MemoryRouter>
      <SignInForm onSuccess={onSuccess} onChallenge={onChallenge} />
      <AppToaster />
    </MemoryRouter>,
  );
  return { onSuccess, onChallenge, user: userEvent.setup() };
}

describe('SignInForm', () => {
  it('shows a required message only for the field the user has touched', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText('Email'));
    await user.tab();

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('says an email address is invalid once the user leaves the field', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.tab();

    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows every message when submitted empty and sends nothing', async () => {
    const requests = recordRequests();
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('lets the user reveal and hide the password', async () => {
    const { user } = renderForm();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('says Please wait... while signing in, then stores the credentials', async () => {
    const token = buildToken();
    const signingIn = gate();
    server.use(
      http.post('/api/auth/signin', async () => {
        await signingIn.opened;
        return contractJson(AuthTokenResponseSchema, { token, userId: USER_ID });
      }),
    );
    const requests = recordRequests();
    const { user, onSuccess } = renderForm();
    await user.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), USER_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const pending = await screen.findByRole('button', { name: 'Please wait...' });
    expect(pending).toBeDisabled();
    expect(requests[0]?.url).toBe('/api/auth/signin');
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com', password: USER_PASSWORD });

    signingIn.open();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(getCredentials()).toEqual({ token, userId: USER_ID });
  });

  it('hands on the challenge of an account with two-factor on, storing nothing yet', async () => {
    server.use(
      http.post('/api/auth/signin', () =>
        contractJson(SignInResponseSchema, { twoFactorRequired: true, challengeToken: 'challenge' }),
      ),
    );
    const { user, onSuccess, onChallenge } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), USER_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(onChallenge).toHaveBeenCalledWith({ challengeToken: 'challenge', email: 'ada@example.com' }),
    );
    expect(onSuccess).not.toHaveBeenCalled();
    expect(getCredentials()).toBeNull();
  });

  it("shows the server's error as a toast and stays on the form", async () => {
    const { user, onSuccess } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(getCredentials()).toBeNull();
  });

  it.each([
    ['the API says so', { error: 'Too many attempts. Try again in 12 minutes.', code: 'RATE_LIMITED' }],
    ['a proxy in between answers without text', null],
  ])('tells a rate-limited merchant how long to wait when %s', async (_case, body) => {
    server.use(
      http.post('/api/auth/signin', () =>
        HttpResponse.json(body, { status: 429, headers: { 'Retry-After': '690' } }),
      ),
    );
    const { user, onSuccess } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), USER_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Too many attempts. Try again in 12 minutes.')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
