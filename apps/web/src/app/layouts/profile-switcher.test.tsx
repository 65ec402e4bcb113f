import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { actFor, getActingApp } from '@/lib/acting-profile';
import { clearCredentials } from '@/lib/credentials';
import { USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { seedApp } from '@/testing/mocks/handlers/apps';
import { type RecordedRequest, recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const headerOf = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.url.startsWith(path)).map((request) => request.headers.get('user_id'));

/** A session that chose its app earlier (this tab's storage holds the choice, as after a reload). */
function signInActingForAnApp() {
  signIn();
  const app = seedApp();
  actFor({ appId: app.recordId, name: app.businessName });
  return app;
}

async function openSwitcher() {
  // Desktop sidebar and mobile menu both hold one; the first is the sidebar's.
  const [trigger] = await screen.findAllByRole('button', { name: /Switch profile/ });
  await userEvent.click(trigger as HTMLElement);
  return screen.findByRole('menu');
}

describe('profile switcher', () => {
  it('lists an archived app that still holds money, marked archived, so its money can be moved', async () => {
    signIn();
    seedApp({ businessName: 'Closed Shop', balance: 5_000, archivedAt: '2026-11-24T08:00:00.000Z' });
    renderApp('/dashboard/recents');
    const menu = await openSwitcher();
    expect(
      await within(menu).findByRole('menuitemradio', { name: 'Closed Shop Archived' }),
    ).toBeInTheDocument();
  });

  it('lists the merchant and its apps; choosing an app makes every business call act for it', async () => {
    signIn();
    const app = seedApp();
    const requests = recordRequests();
    renderApp('/dashboard/recents');
    const menu = await openSwitcher();
    expect(within(menu).getByRole('menuitemradio', { name: 'Okafor Foods' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(await within(menu).findByRole('menuitemradio', { name: 'Lagos Shop' }));

    expect(await screen.findByTestId('acting-banner')).toHaveTextContent('Acting as Lagos Shop');
    expect(screen.getAllByTestId('current-profile')[0]).toHaveTextContent('App · Lagos Shop');
    expect(getActingApp()).toEqual({ appId: app.recordId, name: 'Lagos Shop' });
    // The cache was reset: wallets and the transaction search are asked again, for the app.
    await waitFor(() => expect(headerOf(requests, '/api/wallets').at(-1)).toBe(app.recordId));
    await waitFor(() => expect(headerOf(requests, '/api/transaction/search').at(-1)).toBe(app.recordId));
    const search = requests.filter((request) => request.url.startsWith('/api/transaction/search')).at(-1);
    expect(search?.body).toMatchObject({ userId: app.recordId });
    // The person's own data stays the merchant's.
    expect(headerOf(requests, `/api/users/${USER_ID}`).every((header) => header === USER_ID)).toBe(true);

    const callsBefore = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Back to Okafor Foods' }));
    await waitFor(() => expect(screen.queryByTestId('acting-banner')).not.toBeInTheDocument());
    expect(getActingApp()).toBeNull();
    await waitFor(() =>
      expect(headerOf(requests.slice(callsBefore), '/api/wallets')).toEqual(
        expect.arrayContaining([USER_ID]),
      ),
    );
    expect(headerOf(requests.slice(callsBefore), '/api/wallets').every((header) => header === USER_ID)).toBe(
      true,
    );
  });

  it('keeps the person pages acting for the merchant while acting for an app', async () => {
    signInActingForAnApp();
    const requests = recordRequests();
    renderApp('/settings');
    expect(await screen.findByTestId('acting-banner')).toBeInTheDocument();
    await screen.findByRole('form', { name: /profile/i });
    const userCalls = requests.filter((request) => request.url === `/api/users/${USER_ID}`);
    expect(userCalls.length).toBeGreaterThan(0);
    expect(userCalls.every((request) => request.headers.get('user_id') === USER_ID)).toBe(true);
  });

  it("lists the app's own settlement accounts while acting for it", async () => {
    const app = signInActingForAnApp();
    const requests = recordRequests();
    renderApp('/settings/settlement-account');
    await screen.findByTestId('acting-banner');
    await waitFor(() => expect(headerOf(requests, '/api/bank/accounts')).toContain(app.recordId));
    expect(headerOf(requests, '/api/bank/accounts').every((header) => header === app.recordId)).toBe(true);
  });

  it('survives a reload, and is forgotten on sign-out', async () => {
    const app = signInActingForAnApp();
    const requests = recordRequests();
    renderApp('/accounts');
    expect(await screen.findByTestId('acting-banner')).toHaveTextContent('Acting as Lagos Shop');
    await waitFor(() => expect(headerOf(requests, '/api/wallets')).toContain(app.recordId));
    clearCredentials();
    signIn();
    expect(getActingApp()).toBeNull();
  });

  it('falls back to the merchant when the app is gone', async () => {
    signInActingForAnApp();
    db.apps = [];
    const requests = recordRequests();
    renderApp('/accounts');
    await waitFor(() => expect(getActingApp()).toBeNull());
    expect(screen.queryByTestId('acting-banner')).not.toBeInTheDocument();
    await waitFor(() => expect(headerOf(requests, '/api/wallets').at(-1)).toBe(USER_ID));
  });

  it('deleting the app acted for sends the dashboard back to the merchant', async () => {
    const app = signInActingForAnApp();
    renderApp(`/settings/apps/${app.recordId}`);
    expect(await screen.findByTestId('acting-banner')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete app' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete app' }));
    expect(await screen.findByText('App deleted.')).toBeInTheDocument();
    await waitFor(() => expect(getActingApp()).toBeNull());
    expect(screen.queryByTestId('acting-banner')).not.toBeInTheDocument();
  });

  it("switches from an app's page, and back", async () => {
    signIn();
    const app = seedApp();
    renderApp(`/settings/apps/${app.recordId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to this app' }));
    expect(await screen.findByTestId('acting-banner')).toHaveTextContent('Acting as Lagos Shop');
    expect(screen.getByText('Acting now')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to your business' }));
    await waitFor(() => expect(getActingApp()).toBeNull());
  });
});
