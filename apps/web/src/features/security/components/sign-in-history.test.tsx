import { SignInHistoryEntrySchema } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

let counter = 0;
function signInEntry(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return SignInHistoryEntrySchema.parse({
    id: `c1a2b3c4-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    occurredAt: '2026-11-26T09:15:00.000Z',
    outcome: 'success',
    ip: '102.89.34.7',
    device: 'Chrome on macOS',
    userAgent: 'Mozilla/5.0 (Macintosh) Chrome/131.0',
    failedStep: null,
    ...overrides,
  });
}

function openSecurity(path = '/settings/security') {
  signIn();
  const requests = recordRequests();
  return { ...renderApp(path), requests, user: userEvent.setup() };
}

const section = async () => screen.findByRole('region', { name: 'Sign-in history' });

describe('Security: sign-in history', () => {
  it('lists the person’s own sign-ins newest first with time, IP and device, failed ones marked', async () => {
    db.signIns = [
      signInEntry({ occurredAt: '2026-11-26T09:15:00.000Z' }),
      signInEntry({
        occurredAt: '2026-11-25T22:40:00.000Z',
        outcome: 'failure',
        ip: '197.210.5.4',
        device: 'Firefox on Windows',
        failedStep: 'password',
      }),
      signInEntry({ occurredAt: '2026-11-24T08:00:00.000Z', device: null, userAgent: null, ip: null }),
    ];
    const { requests } = openSecurity();
    const history = await section();
    const rows = await within(history).findAllByTestId('sign-in-row');
    expect(rows.map((row) => row.getAttribute('data-outcome'))).toEqual(['success', 'failure', 'success']);
    const [latest, failed, unknown] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(latest).toHaveTextContent('Chrome on macOS');
    expect(latest).toHaveTextContent('102.89.34.7');
    expect(latest).toHaveTextContent('26 Nov 2026');
    expect(latest).toHaveTextContent('Signed in');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Wrong password');
    expect(failed).toHaveTextContent('197.210.5.4');
    expect(failed).toHaveTextContent('Firefox on Windows');
    expect(unknown).toHaveTextContent('Unknown device');
    expect(requests.some((request) => request.url === `/api/users/${USER_ID}/sign-ins?page=1&size=10`)).toBe(
      true,
    );
  });

  it('sits beside "Sign out all other sessions"', async () => {
    openSecurity();
    const history = await section();
    expect(within(history).getByRole('button', { name: 'Sign out all other sessions' })).toBeInTheDocument();
    expect(await within(history).findByRole('heading', { name: 'No sign-ins yet' })).toBeInTheDocument();
  });

  it('pages through the history', async () => {
    db.signIns = Array.from({ length: 13 }, (_, index) =>
      signInEntry({ occurredAt: new Date(Date.UTC(2026, 10, 26 - index)).toISOString() }),
    );
    const { user, router } = openSecurity();
    const history = await section();
    expect(await within(history).findAllByTestId('sign-in-row')).toHaveLength(10);
    expect(within(history).getByTestId('pagination-summary')).toHaveTextContent(
      'Showing 1–10 of 13 sign-ins',
    );
    await user.click(within(history).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(within(history).getAllByTestId('sign-in-row')).toHaveLength(3));
  });

  it('says when the history cannot be loaded, the rest of the page still there', async () => {
    server.use(
      http.get('/api/users/:userId/sign-ins', () =>
        apiError(500, 'Unable to fetch your sign-in history', 'INTERNAL'),
      ),
    );
    openSecurity();
    const history = await section();
    expect(await within(history).findByRole('alert')).toHaveTextContent(
      'Unable to fetch your sign-in history',
    );
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
  });
});
