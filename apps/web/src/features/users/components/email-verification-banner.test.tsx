import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError } from '@/testing/mocks/utils';
import { renderWithQueryClient } from '@/testing/render';
import { signIn } from '@/testing/session';
import { EmailVerificationBanner } from './email-verification-banner';

function renderBanner() {
  signIn();
  renderWithQueryClient(
    <>
      <EmailVerificationBanner user={{ email: 'ada@example.com', emailVerified: false }} />
      <AppToaster />
    </>,
  );
  return userEvent.setup();
}

const seconds = (count: number) => act(() => vi.advanceTimersByTime(count * 1000));

describe('EmailVerificationBanner', () => {
  // Only the countdown's clock is fake: requests, toasts and the test library's waiting keep real time.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('offers to resend only 30 seconds after each send, counting down', async () => {
    const user = renderBanner();
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));

    const resend = await screen.findByRole('button', { name: 'Resend code in 30s' });
    expect(resend).toBeDisabled();
    seconds(1);
    expect(resend).toHaveAccessibleName('Resend code in 29s');
    seconds(28);
    expect(resend).toHaveAccessibleName('Resend code in 1s');
    expect(resend).toBeDisabled();
    seconds(1);
    expect(resend).toHaveAccessibleName('Resend code');
    expect(resend).toBeEnabled();

    await user.click(resend);
    expect(await screen.findByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    expect(requests.map((request) => request.url)).toEqual([
      '/api/users/otp?email=ada%40example.com',
      '/api/users/otp?email=ada%40example.com',
    ]);
  });

  it('does not make the merchant wait when a send fails', async () => {
    server.use(
      http.get('/api/users/otp', () =>
        apiError(429, 'Too many attempts. Try again in 12 minutes.', 'RATE_LIMITED'),
      ),
    );
    const user = renderBanner();
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));

    expect(await screen.findByText('Too many attempts. Try again in 12 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send verification code' })).toBeEnabled();
  });
});
