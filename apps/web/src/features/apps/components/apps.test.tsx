import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { seedApp } from '@/testing/mocks/handlers/apps';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

function open(path: string) {
  signIn();
  return renderApp(path);
}

describe('apps list', () => {
  it('lists the apps with their description, creation date and status, each opening its page', async () => {
    seedApp({
      businessName: 'Abuja Kiosk',
      businessDescription: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    const shop = seedApp({ balance: 1_221_250 });
    const { router } = open('/settings/apps');
    const list = await screen.findByRole('list', { name: 'Apps' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Lagos Shop'),
      expect.stringContaining('Abuja Kiosk'),
    ]);
    expect(rows[0]).toHaveTextContent('Online store for the Lagos branch');
    expect(rows[0]).toHaveTextContent('Created 20 Nov 2026');
    expect(rows[1]).toHaveTextContent('No description');
    expect(await within(rows[0] as HTMLElement).findByTestId('app-balances')).toHaveTextContent(
      'NGN balance ₦12,212.50USD balance $12,212.50',
    );
    await userEvent.click(rows[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/settings/apps/${shop.recordId}`));
    expect(await screen.findByTestId('app-name')).toHaveTextContent('Lagos Shop');
  });

  it('says when there are none', async () => {
    open('/settings/apps');
    expect(await screen.findByText('No apps yet')).toBeInTheDocument();
  });

  it("shows SPEC's default when the list cannot be fetched", async () => {
    server.use(http.get('/api/users/:userId/apps', () => new HttpResponse(null, { status: 500 })));
    open('/settings/apps');
    expect(await screen.findByText('Unable to fetch apps')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('create app', () => {
  it('validates with the shared schema, sends { name, description } as the merchant and opens the new app', async () => {
    const requests = recordRequests();
    const { router } = open('/settings/apps');
    await userEvent.click(await screen.findByRole('button', { name: 'Create app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create app' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create app' }));
    expect(await within(dialog).findByText('App name is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('App name'), 'Ikeja Store');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Weekend market stall');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create app' }));

    expect(await screen.findByText('App created successfully')).toBeInTheDocument();
    const created = db.apps[0];
    expect(created?.businessName).toBe('Ikeja Store');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/settings/apps/${created?.recordId}`));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/users/register?isApp=true');
    expect(post?.body).toEqual({ name: 'Ikeja Store', description: 'Weekend market stall' });
    expect(post?.headers.get('user_id')).toBe(USER_ID);
  });

  it("toasts SPEC's 'Unable to create app' when the call fails without a message", async () => {
    server.use(http.post('/api/users/register', () => new HttpResponse(null, { status: 500 })));
    open('/settings/apps');
    await userEvent.click(await screen.findByRole('button', { name: 'Create app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create app' });
    await userEvent.type(within(dialog).getByLabelText('App name'), 'Ikeja Store');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create app' }));
    expect(await screen.findByText('Unable to create app')).toBeInTheDocument();
  });
});

describe('app page', () => {
  it('edits the name and description; Cancel puts them back', async () => {
    const app = seedApp();
    const requests = recordRequests();
    open(`/settings/apps/${app.recordId}`);
    const form = await screen.findByRole('form', { name: 'App details' });
    const name = within(form).getByLabelText('App name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Lekki Shop');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(name).toHaveValue('Lagos Shop');

    await userEvent.clear(name);
    await userEvent.type(name, 'Lekki Shop');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('App updated successfully')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe(`/api/users/${app.recordId}`);
    expect(put?.body).toEqual({ name: 'Lekki Shop', description: 'Online store for the Lagos branch' });
    await waitFor(() => expect(screen.getByTestId('app-name')).toHaveTextContent('Lekki Shop'));
  });

  it("toasts SPEC's 'Unable to update app' when the call fails without a message", async () => {
    const app = seedApp();
    server.use(http.put('/api/users/:userId', () => new HttpResponse(null, { status: 500 })));
    open(`/settings/apps/${app.recordId}`);
    const form = await screen.findByRole('form', { name: 'App details' });
    await userEvent.type(within(form).getByLabelText('App name'), ' 2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Unable to update app')).toBeInTheDocument();
  });

  it("shows the app's own balances", async () => {
    const app = seedApp({ balance: 250_000 });
    open(`/settings/apps/${app.recordId}`);
    expect(await screen.findByTestId('app-wallet-NGN')).toHaveTextContent('₦2,500.00');
    expect(screen.getByTestId('app-wallet-USD')).toHaveTextContent('$2,500.00');
  });

  it("shows its own developer settings, as the merchant's", async () => {
    const app = seedApp();
    open(`/settings/apps/${app.recordId}`);
    expect(await screen.findByRole('heading', { name: 'Developer settings' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Generate new key' })).toBeInTheDocument();
  });

  it('says "App not found" for an id that is not one of the apps', async () => {
    open('/settings/apps/0b6d1f0e-7a44-4e55-9c1e-2f1f0d7c9a10');
    expect(await screen.findByText('App not found')).toBeInTheDocument();
  });
});

describe('delete app', () => {
  it('says before that an app with money is archived, then archives it', async () => {
    const app = seedApp({ balance: 100 });
    const { router } = open(`/settings/apps/${app.recordId}`);
    await screen.findByTestId('app-wallet-NGN');
    await userEvent.click(await screen.findByRole('button', { name: 'Archive app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Lagos Shop?' });
    expect(within(dialog).getByTestId('delete-app-outcome')).toHaveTextContent(
      /will be archived, not erased/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive app' }));
    expect(await screen.findByText(/App archived: it has money or history/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/apps'));
    // Still listed while it holds money, marked archived, with its balance, so the merchant can move it.
    const row = await screen.findByRole('link', { name: /Lagos Shop/ });
    expect(await within(row).findAllByText('Archived')).not.toHaveLength(0);
    expect(await within(row).findByTestId('app-balances')).toHaveTextContent('NGN balance ₦1.00');
  });

  it("shows an archived app's balances and the switch to it, without editing or deleting it", async () => {
    const app = seedApp({ balance: 5_000, archivedAt: '2026-11-24T08:00:00.000Z' });
    open(`/settings/apps/${app.recordId}`);
    expect(await screen.findByTestId('app-name')).toHaveTextContent('Lagos Shop');
    expect(screen.getByText('Archived')).toBeInTheDocument();
    expect(screen.getByText(/Archived on 24 Nov 2026: its payment links no longer sell/)).toBeInTheDocument();
    expect(await screen.findByTestId('app-wallet-NGN')).toHaveTextContent('₦50.00');
    expect(screen.getByRole('button', { name: 'Switch to this app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Archive app|Delete app/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('says before that an app with history but no money is archived', async () => {
    const app = seedApp();
    db.appsWithHistory.add(app.recordId);
    open(`/settings/apps/${app.recordId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Archive app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Lagos Shop?' });
    expect(within(dialog).getByTestId('delete-app-outcome')).toHaveTextContent(/will be archived/);
  });

  it('says before that an app without money or history is erased, then erases it', async () => {
    const app = seedApp();
    open(`/settings/apps/${app.recordId}`);
    await screen.findByTestId('app-wallet-NGN');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lagos Shop?' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('delete-app-outcome')).toHaveTextContent(/will be erased for good/),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete app' }));
    expect(await screen.findByText('App deleted.')).toBeInTheDocument();
  });

  it("toasts SPEC's 'Unable to delete app' when the call fails without a message", async () => {
    const app = seedApp();
    server.use(http.delete('/api/users/:userId', () => new HttpResponse(null, { status: 500 })));
    open(`/settings/apps/${app.recordId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete app' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete app' }));
    expect(await screen.findByText('Unable to delete app')).toBeInTheDocument();
  });
});
