import { TWO_FACTOR_REQUIRED_MESSAGE } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { actForBusiness, getActingBusiness } from '@/lib/acting-profile';
import { getCredentials } from '@/lib/credentials';
import { USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { type RecordedRequest, recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const BUSINESS_ID = '9f8e7d6c-5b4a-4321-8fed-cba987654321';
const KOLA = { businessId: BUSINESS_ID, businessName: 'Kola Stores', role: 'finance' as const };

const headerOf = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.url.startsWith(path)).map((request) => request.headers.get('user_id'));

function memberOfKola(overrides: { twoFactorSetupRequired?: boolean } = {}) {
  db.team.memberships.push({ ...KOLA, twoFactorSetupRequired: false, ...overrides });
}

async function openSwitcher() {
  const [trigger] = await screen.findAllByRole('button', { name: /Switch profile/ });
  await userEvent.click(trigger as HTMLElement);
  return screen.findByRole('menu');
}

describe('acting for a business the person belongs to', { timeout: 30_000 }, () => {
  it('lists the businesses with the role; choosing one acts for it, the person pages stay their own', async () => {
    signIn();
    memberOfKola();
    const requests = recordRequests();
    // The team page: the mocked team API holds any business's team (the other mocks know only the merchant's ids).
    renderApp('/settings/team');
    const menu = await openSwitcher();
    const kola = await within(menu).findByRole('menuitemradio', { name: 'Kola Stores Finance' });
    await userEvent.click(kola);

    expect(await screen.findByTestId('acting-banner')).toHaveTextContent('Acting for Kola Stores as Finance');
    expect(screen.getAllByTestId('current-profile')[0]).toHaveTextContent('Finance · Kola Stores');
    expect(getActingBusiness()).toEqual(KOLA);
    await waitFor(() => expect(headerOf(requests, '/api/team/members').at(-1)).toBe(BUSINESS_ID));
    expect(headerOf(requests, `/api/users/${USER_ID}`).every((header) => header === USER_ID)).toBe(true);
    expect(headerOf(requests, '/api/team/memberships').every((header) => header === USER_ID)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Back to Okafor Foods' }));
    await waitFor(() => expect(screen.queryByTestId('acting-banner')).not.toBeInTheDocument());
    expect(getActingBusiness()).toBeNull();
  });

  it('goes back to the own account when the business no longer lists the person', async () => {
    signIn();
    actForBusiness(KOLA);
    renderApp('/dashboard/recents');
    await waitFor(() => expect(getActingBusiness()).toBeNull());
    expect(screen.queryByTestId('acting-banner')).not.toBeInTheDocument();
  });
});

describe('refusals of the team era', () => {
  it('shows a refusal by role as its sentence and keeps the member signed in', async () => {
    signIn();
    memberOfKola();
    actForBusiness({ ...KOLA, role: 'viewer' });
    db.team.memberships[1] = { ...KOLA, role: 'viewer', twoFactorSetupRequired: false };
    server.use(
      http.get('/api/wallets', () =>
        HttpResponse.json(
          {
            error: 'Only an owner, admin, finance or viewer member can see balances, payouts and conversions',
            code: 'ROLE_REQUIRED',
            permission: 'money.read',
            roles: ['owner', 'admin', 'finance', 'viewer'],
          },
          { status: 409 },
        ),
      ),
    );
    const { router } = renderApp('/dashboard/recents');
    expect(
      await screen.findByText(
        'Only an owner, admin, finance or viewer member can see balances, payouts and conversions',
      ),
    ).toBeInTheDocument();
    expect(getCredentials()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/recents');
  });

  it('takes a member whose business requires two-factor to its set-up, with the banner', async () => {
    signIn();
    memberOfKola();
    actForBusiness(KOLA);
    server.use(
      http.get('/api/wallets', () =>
        HttpResponse.json(
          { error: TWO_FACTOR_REQUIRED_MESSAGE, code: 'TWO_FACTOR_REQUIRED' },
          { status: 409 },
        ),
      ),
    );
    const { router } = renderApp('/dashboard/recents');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/security'));
    expect(await screen.findByTestId('two-factor-required-banner')).toHaveTextContent(
      TWO_FACTOR_REQUIRED_MESSAGE,
    );
    expect(getCredentials()).not.toBeNull();
  });

  it('sends a member whose membership needs two-factor to the set-up at once, until it is on', async () => {
    signIn();
    memberOfKola({ twoFactorSetupRequired: true });
    actForBusiness(KOLA);
    const { router } = renderApp('/payouts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/security'));
    expect(await screen.findByTestId('two-factor-required-banner')).toHaveTextContent(
      TWO_FACTOR_REQUIRED_MESSAGE,
    );
  });
});
