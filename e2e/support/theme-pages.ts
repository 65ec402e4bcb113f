import type { Page } from '@playwright/test';
import type { Merchant } from './fixtures';
import { createMerchant, expect } from './fixtures';
import { customerPays, merchantHeaders } from './funding';
import { patience } from './patience';
import { addPayoutAccount, approveKyc, gtbNuban, payOut } from './payouts';
import { test as seededTest, walletsApi } from './seeded-session';

/**
 * A merchant with one of everything a page lists (a customer, a dispute, a payout, an app, a verified identity),
 * made once per worker: the theme specs open every page of the app with it.
 */
export interface BusyMerchant extends Merchant {
  productId: string;
  paymentId: string;
  customerId: string;
  disputeId: string;
  payoutId: string;
  appId: string;
}

async function listedIds(request: Parameters<typeof walletsApi>[0], merchant: Merchant, path: string) {
  const response = await request.get(path, { headers: merchantHeaders(merchant) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

export const test = seededTest.extend<{ busy: BusyMerchant; naira: string }, { busyMerchant: BusyMerchant }>({
  busyMerchant: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const merchant = await createMerchant(api);
      const sale = await customerPays(api, merchant, {
        price: 25_000_00,
        currency: 'NGN',
        productName: 'Adire silk scarf',
        customer: { name: 'Tolu Adeyemi', email: 'tolu.adeyemi@example.com' },
      });
      // The sandbox network disputes a payment with this card within seconds (playwright.config.ts).
      await customerPays(api, merchant, {
        price: 12_000_00,
        currency: 'NGN',
        productName: 'Beaded bag',
        customer: { name: 'Ngozi Okeke', email: 'ngozi.okeke@example.com' },
        card: '4000000000000259',
      });
      await approveKyc(api, merchant);
      const account = await addPayoutAccount(api, merchant, gtbNuban('012345678'));
      const payout = await payOut(api, merchant, account.recordId, 5_000_00);
      const app = await api.post('/api/users/register?isApp=true', {
        headers: merchantHeaders(merchant),
        data: { name: 'Lagos Shop', description: 'Online store for the Lagos branch' },
      });
      expect(app.status(), await app.text()).toBe(201);
      const { recordId: appId } = (await app.json()) as { recordId: string };
      let disputeIds: string[] = [];
      await expect
        .poll(
          async () => {
            disputeIds = await listedIds(api, merchant, '/api/disputes');
            return disputeIds.length;
          },
          { timeout: patience(20_000) },
        )
        .toBe(1);
      const [customerId] = await listedIds(api, merchant, '/api/customers');
      await api.dispose();
      await use({
        ...merchant,
        productId: sale.productId,
        paymentId: sale.paymentId,
        customerId: customerId ?? '',
        disputeId: disputeIds[0] ?? '',
        payoutId: payout.id,
        appId,
      });
    },
    { scope: 'worker', timeout: patience(90_000) },
  ],
  busy: async ({ busyMerchant }, use) => use(busyMerchant),
  /** The seeded merchant's Naira wallet id. */
  naira: async ({ request, seeded }, use) => {
    const wallets = await walletsApi(request, seeded);
    await use(wallets.find((wallet) => wallet.currency === 'NGN')?.walletId ?? '');
  },
});

export { expect };

/** A page of the app as the theme specs open it: where, and what shows once it has settled. */
export interface ThemePage {
  name: string;
  path: string;
  /** The page has settled: its heading, and whatever it loads after that. */
  ready: (page: Page) => Promise<void>;
}

const heading =
  (name: string | RegExp, level = 1) =>
  async (page: Page) => {
    await expect(page.getByRole('heading', { name, level })).toBeVisible();
  };

/** Nothing left loading: no skeletons, no spinners. */
export async function settled(page: Page) {
  await expect(page.locator('.animate-pulse, .animate-spin')).toHaveCount(0);
}

const withText =
  (title: string | RegExp, text: string | RegExp, level = 1) =>
  async (page: Page) => {
    await heading(title, level)(page);
    await expect(page.getByText(text).first()).toBeVisible();
  };

/** The pages anyone can open, signed in or not. */
export function publicPages(busy: BusyMerchant): ThemePage[] {
  return [
    { name: 'sign-in', path: '/signin', ready: heading('Sign in to Bizdash') },
    { name: 'sign-up', path: '/signup', ready: heading('Create your Bizdash account') },
    { name: 'forgot-password', path: '/forgot-password', ready: heading('Forgot your password?') },
    { name: 'reset-password-broken', path: '/reset-password', ready: heading('This link does not work') },
    { name: 'accept-invitation', path: '/invitations/accept', ready: heading('Join a team on Bizdash') },
    {
      name: 'sandbox-mailbox',
      path: `/sandbox/mailbox?email=${encodeURIComponent(busy.email)}`,
      ready: heading('Sandbox mailbox'),
    },
    {
      name: 'checkout',
      path: `/pay/${busy.productId}`,
      ready: heading('Adire silk scarf'),
    },
    {
      name: 'checkout-receipt',
      path: `/pay/${busy.productId}/payments/${busy.paymentId}`,
      ready: heading(/Payment successful|Thank you/),
    },
    { name: 'not-found', path: '/no-such-page', ready: heading('Page not found') },
  ];
}

/** The signed-in pages of the merchant with one of everything. */
export function businessPages(busy: BusyMerchant): ThemePage[] {
  return [
    { name: 'convert', path: '/convert', ready: withText('Convert', 'Naira') },
    { name: 'products', path: '/products', ready: withText('Products', 'Adire silk scarf') },
    { name: 'customers', path: '/customers', ready: withText('Customers', 'Tolu Adeyemi') },
    { name: 'customer', path: `/customers/${busy.customerId}`, ready: withText(/Okeke|Adeyemi/, 'Summary') },
    { name: 'disputes', path: '/disputes', ready: withText('Disputes', 'Needs response') },
    { name: 'dispute', path: `/disputes/${busy.disputeId}`, ready: withText(/Dispute/, 'Ngozi Okeke') },
    { name: 'payouts', path: '/payouts', ready: withText('Payouts', '₦5,000.00') },
    { name: 'payout-new', path: '/payouts/new', ready: heading('New payout') },
    { name: 'payout', path: `/payouts/${busy.payoutId}`, ready: withText(/Payout/, '₦5,000.00') },
    { name: 'playground', path: '/playground', ready: heading(/Playground/i) },
    { name: 'my-mailbox', path: '/sandbox/my-mailbox', ready: heading('Test emails') },
  ];
}

/** Settings, each tab with the merchant with one of everything. */
export function settingsPages(busy: BusyMerchant): ThemePage[] {
  const tab = (name: string, path: string, section: string | RegExp) => ({
    name: `settings-${name}`,
    path,
    ready: heading(section, 2),
  });
  return [
    tab('profile', '/settings', 'User Profile'),
    tab('company-details', '/settings/company-details', 'Company Details'),
    tab('settlement-account', '/settings/settlement-account', /Settlement/),
    tab('documents', '/settings/documents', 'Business Documents'),
    tab('security', '/settings/security', 'Password'),
    tab('notifications', '/settings/notifications', 'In-app notifications'),
    tab('developer', '/settings/developer-settings', 'API key'),
    tab('apps', '/settings/apps', 'Apps'),
    tab('app', `/settings/apps/${busy.appId}`, /Lagos Shop/),
    tab('activity', '/settings/activity', 'Activity'),
    tab('team', '/settings/team', 'Team'),
  ];
}

/** The money screens with the seeded merchant's history. */
export function moneyPages(naira: string): ThemePage[] {
  return [
    {
      name: 'dashboard',
      path: '/dashboard/recents',
      ready: async (page) => {
        await heading('Dashboard')(page);
        await expect(page.getByTestId('bar-in')).toHaveCount(30);
      },
    },
    { name: 'accounts', path: '/accounts', ready: withText('Accounts', 'Naira') },
    {
      name: 'account',
      path: `/accounts/${naira}/recents`,
      ready: async (page) => {
        await heading('Naira account')(page);
        await expect(page.getByTestId('transaction-row')).toHaveCount(10);
      },
    },
    {
      name: 'transactions',
      path: '/transactions/all',
      ready: async (page) => {
        await heading('Transactions')(page);
        await expect(page.getByTestId('transaction-row')).toHaveCount(10);
      },
    },
  ];
}
