import { type SandboxEmail, SandboxMailboxResponseSchema } from '@bizdash/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { apiError, contractJson } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const RESET_LINK = `http://localhost:8080/reset-password#token=${'x'.repeat(43)}`;

const MAIL: SandboxEmail[] = [
  {
    id: '3b0e3f4e-8f8a-4e55-9a55-1f8f0c1d2e3f',
    to: 'chioma@example.com',
    subject: 'Your receipt from Adaeze Foods: ₦5,000.00',
    text: 'Hi Chioma Eze,\n\nReference: BZ-7KQ2',
    createdAt: '2026-11-26T09:30:00.000Z',
  },
  {
    id: '9c1d2e3f-0a1b-4c2d-8e3f-4a5b6c7d8e9f',
    to: 'adaeze@example.com',
    subject: 'Reset your Bizdash password',
    text: `Hello Adaeze,\n\nChoose a new one here: ${RESET_LINK}\n\nThe link works once.`,
    createdAt: '2026-11-26T09:00:00.000Z',
  },
];

function serveMail(messages: SandboxEmail[]) {
  const requests: Request[] = [];
  server.use(
    http.get('/api/sandbox/my-mailbox', ({ request }) => {
      requests.push(request);
      return contractJson(SandboxMailboxResponseSchema, { messages });
    }),
  );
  return requests;
}

describe('Test emails (/sandbox/my-mailbox)', () => {
  it("shows the signed-in merchant's test mail, asked for with their session and no operator key", async () => {
    const requests = serveMail(MAIL);
    signIn();
    renderApp('/sandbox/my-mailbox');

    expect(await screen.findByRole('heading', { name: 'Test emails', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Your test emails' });
    expect(within(list).getByText('2 emails for your account and your apps')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Your receipt from Adaeze Foods: ₦5,000.00', 'Reset your Bizdash password']);
    expect(requests[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(requests[0]?.headers.get('x-sandbox-key')).toBeNull();
  });

  it('makes a link in an email clickable, wrapping inside its card', async () => {
    serveMail(MAIL);
    signIn();
    renderApp('/sandbox/my-mailbox');

    const link = await screen.findByRole('link', { name: RESET_LINK });
    expect(link).toHaveAttribute('href', RESET_LINK);
    expect(link.closest('p')).toHaveClass('[overflow-wrap:anywhere]');
    expect(link.closest('p')).toHaveTextContent('Choose a new one here:');
  });

  it('says when there is no mail yet', async () => {
    serveMail([]);
    signIn();
    renderApp('/sandbox/my-mailbox');

    expect(await screen.findByRole('heading', { name: 'No emails yet' })).toBeInTheDocument();
  });

  it('says there is nothing to read on a server that sends real emails', async () => {
    server.use(http.get('/api/sandbox/my-mailbox', () => apiError(404, 'Not found', 'NOT_FOUND')));
    signIn();
    renderApp('/sandbox/my-mailbox');

    // The page's own alert, whatever the shell's bands say above it.
    expect(
      await screen.findByText(
        'This server sends real emails, so there are no test emails to read here: look in your inbox.',
      ),
    ).toHaveAttribute('role', 'alert');
  });
});
