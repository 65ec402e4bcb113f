import type { InvitationPreview } from '@bizdash/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getActingBusiness } from '@/lib/acting-profile';
import { db, USER_PASSWORD } from '@/testing/mocks/db';
import { type RecordedRequest, recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const TOKEN = 'inv-T0k3n_abcdefghijklmnopqrstuvwxyz0123456';
const BUSINESS_ID = '9f8e7d6c-5b4a-4321-8fed-cba987654321';
const PATH = `/invitations/accept?token=${TOKEN}`;

function seedInvitation(overrides: Partial<InvitationPreview> = {}) {
  db.team.links.set(TOKEN, {
    businessId: BUSINESS_ID,
    businessName: 'Kola Stores',
    email: 'ada@example.com',
    role: 'finance',
    invitedByName: 'Kola Ade',
    accountExists: true,
    used: false,
    ...overrides,
  });
}

const acceptCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url === '/api/team/invitations/accept');

// The page, then sign-in or sign-up, then the dashboard: each imported cold.
describe('Invitation link', { timeout: 20_000 }, () => {
  it('shows the business, role and inviter; the invited person signed in joins and acts for the business', async () => {
    signIn();
    seedInvitation();
    const requests = recordRequests();
    const { router } = renderApp(PATH);
    expect(await screen.findByTestId('invitation')).toHaveTextContent(
      'Kola Ade invited ada@example.com to join Kola Stores as Finance.',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Join Kola Stores' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
    expect(getActingBusiness()).toEqual({
      businessId: BUSINESS_ID,
      businessName: 'Kola Stores',
      role: 'finance',
    });
    expect(await screen.findByTestId('acting-banner')).toHaveTextContent('Acting for Kola Stores as Finance');
    // Accepting is the person's own call: their own id, not the business's.
    expect(acceptCalls(requests).map((request) => request.headers.get('user_id'))).toEqual([
      db.user.recordId,
    ]);
    expect(db.team.links.get(TOKEN)?.used).toBe(true);
  });

  it('signs an existing account in, then comes back to the invitation to join', async () => {
    seedInvitation();
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    await user.type(screen.getByLabelText('Password'), USER_PASSWORD);
    await user.click(screen.getByRole('button', { name: /sign in/i }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/invitations/accept'));
    expect(router.state.location.search).toBe(`?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Join Kola Stores' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/recents'));
    expect(getActingBusiness()?.businessId).toBe(BUSINESS_ID);
  });

  it('offers a new person to create an account with the invited email filled in, then back here', async () => {
    seedInvitation({ email: 'kemi@example.com', accountExists: false });
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByLabelText('Email')).toHaveValue('kemi@example.com');
    await user.type(screen.getByLabelText('First Name'), 'Kemi');
    await user.type(screen.getByLabelText('Last Name'), 'Bello');
    await user.type(screen.getByLabelText('Phone Number'), '+2348031234567');
    await user.type(screen.getByLabelText('Company Name'), 'Kemi Books');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country of Business' }), 'Nigeria');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/invitations/accept'));
    expect(await screen.findByRole('button', { name: 'Join Kola Stores' })).toBeInTheDocument();
  });

  it('tells someone signed in with another email which account the invitation is for', async () => {
    signIn();
    seedInvitation({ email: 'kemi@example.com' });
    const requests = recordRequests();
    renderApp(PATH);
    expect(
      await screen.findByText(/This invitation is for kemi@example.com. Sign in with that email's account/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Kola Stores' })).not.toBeInTheDocument();
    expect(acceptCalls(requests)).toEqual([]);
  });

  it('says an unknown, used or expired link is not valid', async () => {
    seedInvitation({ used: true } as Partial<InvitationPreview>);
    renderApp(PATH);
    expect(
      await screen.findByText('This invitation link is invalid, used, revoked or expired.'),
    ).toBeInTheDocument();
  });

  it('says a link without a token is not valid', async () => {
    renderApp('/invitations/accept');
    expect(
      await screen.findByText('This invitation link is invalid, used, revoked or expired.'),
    ).toBeInTheDocument();
  });
});
