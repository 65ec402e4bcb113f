import type { TeamRole } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildCustomerDetail, CUSTOMER_IDS } from '@/features/customers/testing/factories';
import { buildPayout } from '@/features/payouts/testing/factories';
import { actForBusiness, getActingApp } from '@/lib/acting-profile';
import { buildProduct, buildTransaction, USER_ID } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { seedApp } from '@/testing/mocks/handlers/apps';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const BUSINESS_ID = '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b';

/** The signed-in shell at a path, once its Search button is on screen; as the owner, or a member with a role. */
async function openShell(path = '/dashboard/recents', role: TeamRole = 'owner') {
  const token = signIn();
  if (role !== 'owner') {
    const business = { businessId: BUSINESS_ID, businessName: 'Kola Stores', role };
    db.team.memberships.push({ ...business, twoFactorSetupRequired: false });
    actForBusiness(business);
  }
  const user = userEvent.setup();
  const view = renderApp(path);
  const searchButton = await screen.findByRole('button', { name: 'Search' });
  return { ...view, user, searchButton, token };
}

const palette = () => screen.findByRole('dialog', { name: 'Command palette' });
const combobox = () => screen.getByRole('combobox', { name: 'Search pages, records and actions' });
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('command palette: opening and the keyboard', () => {
  it.each([
    ['Ctrl+K', '{Control>}k{/Control}'],
    ['⌘K', '{Meta>}k{/Meta}'],
  ])('opens with %s with the search field focused, and the same chord closes it', async (_name, chord) => {
    const { user } = await openShell();
    await user.keyboard(chord);
    const dialog = await palette();
    expect(within(dialog).getByRole('combobox')).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('listbox')).toHaveAttribute(
      'id',
      combobox().getAttribute('aria-controls'),
    );

    await user.keyboard(chord);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('moves the active option with the arrow keys (wrapping) and Enter goes to it', async () => {
    const { user, router } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await palette();
    expect(activeOption()).toHaveTextContent('Dashboard');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Transactions');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption()).toBe(screen.getAllByRole('option').at(-1));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Transactions');
    expect(screen.getAllByRole('option').filter((option) => option.ariaSelected === 'true')).toHaveLength(1);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/all'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape and gives the focus back to what had it', async () => {
    const { user, searchButton } = await openShell();
    await user.click(searchButton);
    await palette();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchButton).toHaveFocus();

    // Opened from the keyboard elsewhere: the focus returns there.
    const payouts = screen.getAllByRole('link', { name: 'Payouts' })[0] as HTMLElement;
    payouts.focus();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    expect(combobox()).toHaveFocus();
    // The focus stays inside: the field, the Close button (for phones), the field again.
    await user.tab();
    expect(within(await palette()).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(combobox()).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(payouts).toHaveFocus();
  });

  it('is not on public pages', async () => {
    const user = userEvent.setup();
    renderApp('/signin');
    await screen.findByRole('button', { name: /sign in/i });
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });
});

describe('command palette: finding things', () => {
  it('asks the API once the typing pauses, and aborts a search whose text has changed', async () => {
    const searches: Request[] = [];
    server.use(
      http.post('/api/transaction/search', async ({ request }) => {
        const { query } = (await request.clone().json()) as { query?: string };
        if (!query) return undefined;
        searches.push(request);
        // The answer is held until the search is given up.
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
        return HttpResponse.json({ error: 'aborted', code: 'ABORTED' }, { status: 499 });
      }),
    );
    const requests = recordRequests();
    const { user, searchButton } = await openShell();
    await user.click(searchButton);
    await palette();

    await user.type(combobox(), 'ORD-1');
    await waitFor(() => expect(searches).toHaveLength(1));
    const texts = () =>
      requests
        .filter((request) => request.url.startsWith('/api/transaction/search'))
        .map((request) => (request.body as { query?: string } | undefined)?.query)
        .filter(Boolean);
    await waitFor(() => expect(texts()).toEqual(['ORD-1']));
    expect(requests.some((request) => request.url.includes('search=ORD-1'))).toBe(true);
    expect(requests.some((request) => /search=OR(&|$)|search=ORD(&|$)/.test(request.url))).toBe(false);
    expect(searches[0]?.signal.aborted).toBe(false);

    await user.type(combobox(), '2');
    await waitFor(() => expect(searches[0]?.signal.aborted).toBe(true));
    await waitFor(() => expect(texts()).toEqual(['ORD-1', 'ORD-12']));
  });

  it('finds a transaction by reference, a product by name, a customer by email and a payout, and goes there', async () => {
    const transaction = buildTransaction({
      orderReference: 'ORD-777',
      description: 'Payment for Adire scarf',
    });
    db.transactions = [transaction];
    db.products = [
      buildProduct({ productName: 'Adire scarf' }),
      buildProduct({ productName: 'Ankara bundle' }),
    ];
    db.customers = [buildCustomerDetail({ name: 'Chioma Eze', email: 'chioma.adire@example.com' })];
    const payout = buildPayout({ accountHolderName: 'Adire Holdings' });
    db.payouts = [payout];
    const requests = recordRequests();
    const { user, router, searchButton } = await openShell();

    await user.click(searchButton);
    await palette();
    await user.type(combobox(), 'ORD-777');
    const found = await screen.findByRole('group', { name: 'Transactions' });
    expect(within(found).getByRole('option')).toHaveTextContent('Payment for Adire scarf');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${transaction.id}`));
    expect(router.state.location.pathname).toBe('/transactions/all');

    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(combobox(), 'adire');
    await screen.findByRole('group', { name: 'Products' });
    expect(await screen.findByRole('option', { name: /Chioma Eze/ })).toHaveTextContent(
      'chioma.adire@example.com',
    );
    expect(await screen.findByRole('option', { name: /Payout to Adire Holdings/ })).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/products?page=1&size=5&search=adire');
    await user.click(within(screen.getByRole('group', { name: 'Products' })).getByRole('option'));
    // The products page opens searched for the product's name, so it is listed whichever page it sits on.
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toBe('?search=Adire%20scarf');
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('Adire scarf');
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(1));

    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(combobox(), 'chioma.adire@');
    await user.click(await screen.findByRole('option', { name: /Chioma Eze/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${CUSTOMER_IDS.chioma}`));

    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(combobox(), 'Adire Holdings');
    await user.click(await screen.findByRole('option', { name: /Payout to Adire Holdings/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payouts/${payout.id}`));
  });

  it('lists what was chosen last first when the field is empty', async () => {
    db.customers = [buildCustomerDetail({ name: 'Chioma Eze', email: 'chioma@example.com' })];
    const { user, searchButton, token } = await openShell();
    await user.click(searchButton);
    await palette();
    await user.type(combobox(), 'Disputes');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(combobox(), 'chioma');
    await user.click(await screen.findByRole('option', { name: /Chioma Eze/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Control>}k{/Control}');
    await palette();
    const recent = screen.getByRole('group', { name: 'Recent' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Chioma Ezechioma@example.com', 'Disputes']);
    expect(optionNames()[0]).toBe('Chioma Ezechioma@example.com');
    expect(activeOption()).toHaveTextContent('Chioma Eze');
    // Pages already among the recent ones are not listed twice.
    expect(optionNames().filter((name) => name === 'Disputes')).toHaveLength(1);
    // Kept for this person and profile, without anything secret.
    const stored = Object.keys(window.localStorage).filter((key) => key.startsWith('commandPalette.recent:'));
    expect(stored).toEqual([`commandPalette.recent:${USER_ID}:${USER_ID}`]);
    expect(window.localStorage.getItem(stored[0] as string)).not.toContain(token);
  });
});

describe('command palette: actions and roles', () => {
  it('offers the owner every page and action, and switches to an app', async () => {
    const app = seedApp({ businessName: 'Lagos Shop' });
    const { user, searchButton } = await openShell();
    await user.click(searchButton);
    await palette();
    const actions = within(screen.getByRole('group', { name: 'Actions' }));
    expect(actions.getByRole('option', { name: 'Create product' })).toBeInTheDocument();
    expect(actions.getByRole('option', { name: 'New payout' })).toBeInTheDocument();
    expect(actions.getByRole('option', { name: 'Generate API key' })).toBeInTheDocument();
    const pages = within(screen.getByRole('group', { name: 'Pages' }));
    for (const name of ['Dashboard', 'Payment Link', 'Disputes', 'Playground']) {
      expect(pages.getByRole('option', { name })).toBeInTheDocument();
    }
    expect(pages.getByRole('option', { name: /^API keys/ })).toBeInTheDocument();
    expect(pages.getByRole('option', { name: /^Activity/ })).toBeInTheDocument();

    await user.click(await actions.findByRole('option', { name: /Switch to Lagos Shop/ }));
    expect(await screen.findByTestId('acting-banner')).toHaveTextContent('Acting as Lagos Shop');
    expect(getActingApp()).toEqual({ appId: app.recordId, name: 'Lagos Shop' });
  });

  it('hides from a viewer what the role may not do', async () => {
    const { user, searchButton } = await openShell('/dashboard/recents', 'viewer');
    await user.click(searchButton);
    await palette();
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'Create product' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('option', { name: 'New payout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Generate API key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^API keys/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Activity/ })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Payouts' })).toBeInTheDocument();
  });

  it('"Create product" opens the product form, which keeps the focus until it closes', async () => {
    const { user, searchButton } = await openShell();
    await user.click(searchButton);
    await palette();
    await user.type(combobox(), 'create product');
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('dialog', { name: 'Add product' });
    expect(form).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchButton).toHaveFocus();
  });

  it('"Generate API key" asks first, then makes the key and shows Developer Settings', async () => {
    const { user, router, searchButton } = await openShell();
    await user.click(searchButton);
    await palette();
    await user.type(combobox(), 'generate');
    await user.keyboard('{Enter}');
    const question = await screen.findByRole('dialog', { name: 'Generate an API key?' });
    expect(db.apiKeysGenerated).toBe(0);
    await user.click(within(question).getByRole('button', { name: 'Generate new key' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/developer-settings'));
    expect(db.apiKeysGenerated).toBe(1);
  });
});
