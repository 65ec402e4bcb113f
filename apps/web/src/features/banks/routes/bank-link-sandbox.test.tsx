import { type SandboxBankLinkSession, SandboxBankLinkSessionSchema } from '@bizdash/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { apiError, contractJson, jsonBody } from '@/testing/mocks/utils';
import { renderApp } from '@/testing/render';

const SESSION_ID = '3c0a2f1e-8b7d-4c6e-9a5b-1d2e3f4a5b6c';
const INVALID =
  'The username or password you entered is incorrect. This is the sandbox: use the test sign-in shown.';

function session(overrides: Partial<SandboxBankLinkSession> = {}): SandboxBankLinkSession {
  return SandboxBankLinkSessionSchema.parse({
    sessionId: SESSION_ID,
    status: 'OPEN',
    reason: null,
    completionRedirectUrl: 'http://localhost/settings/settlement-account',
    institutions: [
      { id: 'ins_109508', name: 'First Platypus Bank' },
      { id: 'ins_109511', name: 'Tartan Bank' },
    ],
    testCredentials: [
      { username: 'user_good', password: 'pass_good', outcome: 'Links the account you pick' },
      { username: 'user_bad', password: 'pass_good', outcome: 'Refused: incorrect username or password' },
    ],
    ...overrides,
  });
}

function openPage() {
  server.use(
    http.get(`/api/sandbox/bank-link/sessions/${SESSION_ID}`, () =>
      contractJson(SandboxBankLinkSessionSchema, session()),
    ),
    http.post(`/api/sandbox/bank-link/sessions/${SESSION_ID}/submit`, async ({ request }) => {
      const body = (await jsonBody(request)) as { username: string; password: string };
      if (body.username !== 'user_good' || body.password !== 'pass_good') {
        return apiError(400, INVALID, 'BANK_LOGIN_INVALID');
      }
      return contractJson(SandboxBankLinkSessionSchema, session({ status: 'COMPLETED' }));
    }),
  );
  const requests = recordRequests();
  renderApp(`/bank-link/sandbox?session=${SESSION_ID}`);
  return { requests, user: userEvent.setup() };
}

describe('the sandbox hosted bank link', () => {
  it('asks for a bank and a sign-in before sending anything', async () => {
    const { user, requests } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Link account' }));
    expect(await screen.findByText('Select your bank')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("says why the bank refused the sign-in, then links with the sandbox's good sign-in", async () => {
    const { user, requests } = openPage();
    await user.click(await screen.findByText('Tartan Bank'));
    await user.click(screen.getByRole('button', { name: /^Use user_bad/ }));
    await user.click(screen.getByRole('button', { name: 'Link account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);

    await user.click(screen.getByRole('button', { name: /^Use user_good/ }));
    await user.click(screen.getByText('Savings'));
    await user.click(screen.getByRole('button', { name: 'Link account' }));
    expect(await screen.findByRole('heading', { name: 'Bank account linked' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Bizdash' })).toHaveAttribute(
      'href',
      'http://localhost/settings/settlement-account',
    );
    expect(requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({
      institutionId: 'ins_109511',
      username: 'user_good',
      password: 'pass_good',
      accountType: 'savings',
    });
  });

  it('says so when the link is not valid', async () => {
    server.use(
      http.get(`/api/sandbox/bank-link/sessions/${SESSION_ID}`, () =>
        apiError(404, 'This bank link is not valid or has expired. Start again from Bizdash.', 'NOT_FOUND'),
      ),
    );
    renderApp(`/bank-link/sandbox?session=${SESSION_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This bank link is not valid or has expired.');
  });
});
