import { roleRequiredMessage, type TeamRole } from '@bizdash/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPayout } from '@/features/payouts/testing/factories';
import { actForBusiness } from '@/lib/acting-profile';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

const BUSINESS_ID = '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b';

/**
 * The signed-in person acts for Kola Stores, where they hold this role (as the memberships answer it); the owner
 * case is their own account.
 */
function openAs(role: TeamRole, path: string) {
  signIn();
  if (role !== 'owner') {
    const business = { businessId: BUSINESS_ID, businessName: 'Kola Stores', role };
    db.team.memberships.push({ ...business, twoFactorSetupRequired: false });
    actForBusiness(business);
  }
  const requests = recordRequests();
  return { ...renderApp(path), requests, user: userEvent.setup() };
}

const mainNav = () => screen.findByRole('navigation', { name: 'Main navigation' });
const navLabels = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());

/** The disabled action and the sentence its focusable wrapper is described by. */
async function expectRestricted(name: string, sentence: string) {
  await waitFor(() => expect(screen.getByRole('button', { name })).toBeDisabled());
  const wrapper = screen.getByRole('button', { name }).closest('[data-testid="role-required"]');
  expect(wrapper).not.toBeNull();
  expect(wrapper).toHaveAttribute('tabindex', '0');
  expect(wrapper).toHaveAccessibleDescription(sentence);
  expect(within(wrapper as HTMLElement).getByRole('tooltip', { hidden: true })).toHaveTextContent(sentence);
}

describe('The dashboard by role (issue 23 §2)', () => {
  it('hides the sidebar entries a role cannot read', async () => {
    openAs('developer', '/settings/security');
    const nav = await mainNav();
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Payouts' })).not.toBeInTheDocument());
    expect(navLabels(nav)).toEqual([
      'Dashboard',
      'Transactions',
      'Payment Link',
      'Settings',
      'API Docs(opens in a new tab)',
      'Logout',
    ]);
  });

  it("shows the owner every sidebar entry and settings tab, a viewer neither Developers' nor Activity", async () => {
    openAs('owner', '/settings/security');
    const nav = await mainNav();
    expect(within(nav).getByRole('link', { name: 'Payouts' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeInTheDocument();
    const tabs = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getByRole('link', { name: 'Developer Settings' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Activity' })).toBeInTheDocument();
  });

  it('hides Apps, Developer Settings, Documents and Activity from a viewer', async () => {
    openAs('viewer', '/settings/security');
    const tabs = await screen.findByRole('navigation', { name: 'Settings sections' });
    await waitFor(() =>
      expect(within(tabs).queryByRole('link', { name: 'Developer Settings' })).not.toBeInTheDocument(),
    );
    for (const hidden of ['Apps', 'Documents', 'Activity']) {
      expect(within(tabs).queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
    expect(within(tabs).getByRole('link', { name: 'Settlement Account' })).toBeInTheDocument();
  });

  it('shows a viewer New payout disabled with who can, the owner a link to it', async () => {
    openAs('viewer', '/payouts');
    await expectRestricted('New payout', roleRequiredMessage('payouts.create'));
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(
      'Only an owner, admin or finance member can make payouts',
    );
  });

  it('gives the owner New payout as a working link', async () => {
    openAs('owner', '/payouts');
    expect(await screen.findByRole('link', { name: 'New payout' })).toHaveAttribute('href', '/payouts/new');
    expect(screen.queryByTestId('role-required')).not.toBeInTheDocument();
  });

  it('enables Export CSV for finance', async () => {
    openAs('finance', '/transactions/all');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    // The role is known once the memberships answer; the button stays enabled throughout.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(screen.queryByTestId('role-required')).not.toBeInTheDocument();
  });

  it('disables Add product for a viewer, with who can', async () => {
    openAs('viewer', '/products');
    await expectRestricted('Add product', roleRequiredMessage('products.manage'));
  });

  it('disables Convert for a viewer, with who can', async () => {
    openAs('viewer', '/convert');
    await expectRestricted('Convert', roleRequiredMessage('conversions.create'));
  });

  it('never shows a finance member the API key: the page says who can and reads nothing', async () => {
    db.user = { ...db.user, apiKey: { ...db.user.apiKey, apiKey: 'bzk_test_secret' } };
    const { requests } = openAs('finance', '/settings/developer-settings');
    expect(await screen.findByText(`${roleRequiredMessage('developers.manage')}.`)).toBeInTheDocument();
    expect(screen.queryByText(/bzk_test_secret/)).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.includes('webhook'))).toBe(false);
  });

  it('tells a viewer who can see the activity log, and asks the API nothing', async () => {
    const { requests } = openAs('viewer', '/settings/activity');
    expect(
      await screen.findByText('Only an owner or admin member can see the activity log.'),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.url.startsWith('/api/audit-events'))).toBe(false);
  });
});

describe("A role that cannot see money on the dashboard's home (issue 23 §2)", () => {
  it('shows a developer the recent transactions and who can see balances, and asks for no balance', async () => {
    const { requests } = openAs('developer', '/dashboard/recents');
    expect(await screen.findByText(`${roleRequiredMessage('money.read')}.`)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Recent transactions' })).toBeInTheDocument();
    expect(requests.some((request) => request.url.startsWith('/api/wallets'))).toBe(false);
  });

  it('shows the owner the balances', async () => {
    openAs('owner', '/dashboard/recents');
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeInTheDocument();
    expect(screen.queryByText(`${roleRequiredMessage('money.read')}.`)).not.toBeInTheDocument();
  });
});

describe('Actions a viewer cannot take elsewhere (issue 23 §2)', () => {
  it('offers a viewer a pending payout to view, not to confirm, and its page no code form', async () => {
    db.payouts = [buildPayout({ status: 'PENDING_CONFIRMATION', settledAt: null })];
    const { user } = openAs('viewer', '/payouts');
    const view = await screen.findByRole('link', { name: /^View payout of/ });
    expect(screen.queryByRole('link', { name: /^Confirm payout of/ })).not.toBeInTheDocument();
    await user.click(view);
    expect(await screen.findByRole('heading', { name: 'Waiting for confirmation' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(roleRequiredMessage('payouts.create')))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm payout' })).not.toBeInTheDocument();
  });

  it('disables Upload logo for a viewer, with who can', async () => {
    openAs('viewer', '/settings/company-details');
    await expectRestricted('Upload logo', roleRequiredMessage('settings.manage'));
  });

  it("disables saving the business's notification settings for a viewer, with who can", async () => {
    openAs('viewer', '/settings/notifications');
    await expectRestricted('Save changes', roleRequiredMessage('settings.manage'));
  });
});
