import type { TransactionPage, TransactionSearchFilter, Wallet } from '@bizdash/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, type Merchant } from './fixtures';
import { SEEDED_MERCHANT } from './seeded-merchant';

export { expect };

/**
 * The merchant the server was seeded with, signed in once per worker: sign-in is rate-limited per account
 * (10 per 15 minutes), and the money specs all read the same history.
 */
export const test = base.extend<{ seeded: Merchant }, { seededSession: Merchant }>({
  seededSession: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const response = await api.post('/api/auth/signin', {
        data: { email: SEEDED_MERCHANT.email, password: SEEDED_MERCHANT.password },
      });
      expect(response.status(), await response.text()).toBe(200);
      const { token, userId } = (await response.json()) as { token: string; userId: string };
      const user = await api.get(`/api/users/${userId}`, { headers: { Authorization: `Bearer ${token}` } });
      const { firstName, lastName, businessName } = (await user.json()) as Record<string, string>;
      await api.dispose();
      await use({
        token,
        userId,
        email: SEEDED_MERCHANT.email,
        password: SEEDED_MERCHANT.password,
        firstName,
        lastName,
        businessName,
      } as Merchant);
    },
    { scope: 'worker' },
  ],
  seeded: async ({ seededSession }, use) => use(seededSession),
  // Dates are formatted in the browser and in this process: both must use the same time zone.
  timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

function auth(merchant: Merchant) {
  return { Authorization: `Bearer ${merchant.token}`, user_id: merchant.userId };
}

/** What POST /api/transaction/search answers for the filter (with the merchant's user id, as the app sends it). */
export async function searchApi(
  request: APIRequestContext,
  merchant: Merchant,
  filter: TransactionSearchFilter,
  page = 1,
  size = 10,
): Promise<TransactionPage> {
  const response = await request.post('/api/transaction/search', {
    params: { page, size },
    data: { ...filter, userId: merchant.userId },
    headers: auth(merchant),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TransactionPage;
}

export async function walletsApi(request: APIRequestContext, merchant: Merchant): Promise<Wallet[]> {
  const response = await request.get('/api/wallets', { headers: auth(merchant) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { wallets: Wallet[] }).wallets;
}

/** The transaction ids the list shows, in order, once it shows exactly `expected` (polling while it loads). */
export async function expectRowIds(page: Page, expected: string[]): Promise<void> {
  await expect
    .poll(() =>
      page
        .getByTestId('transaction-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transaction-id'))),
    )
    .toEqual(expected);
}

export const ids = (result: TransactionPage) => result.items.map((item) => item.id);

/** Nothing is wider than the viewport: no sideways scrolling of the whole page. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px viewport`).toBeLessThanOrEqual(
    innerWidth,
  );
}
