import { randomUUID } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

// Chromium reports an HTTP error status as a console message; a 4xx the test provokes on purpose is not a bug.
const EXPECTED_HTTP_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** Every test fails when the page logs a console error or throws. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !EXPECTED_HTTP_ERROR.test(message.text()))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'errors logged in the page').toEqual([]);
  },
});

export interface Merchant {
  token: string;
  userId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
}

const PASSWORD = 'Str0ng!Passw0rd';

export function newMerchantDetails() {
  const unique = randomUUID().slice(0, 8);
  return {
    email: `e2e-${unique}@example.com`,
    password: PASSWORD,
    firstName: 'Chiamaka',
    lastName: 'Eze',
    phoneNumber: '08031234567',
    businessName: `Chiamaka Crafts ${unique}`,
    countryOfBusiness: 'Nigeria',
  };
}

/** Signs a merchant up through the API: for tests whose subject is not sign-up itself. */
export async function createMerchant(request: APIRequestContext): Promise<Merchant> {
  const details = newMerchantDetails();
  const response = await request.post('/api/auth/signup', { data: details });
  expect(response.status(), await response.text()).toBe(201);
  const { token, userId } = (await response.json()) as { token: string; userId: string };
  return { token, userId, ...details };
}

/** Opens the dashboard as the merchant (stored credentials, cookie choice already made). */
export async function openAs(page: Page, merchant: Merchant, path = '/dashboard') {
  await page.addInitScript(
    ({ token, userId }) => {
      // Init scripts run on every load; seed once so a later logout stays logged out.
      if (window.sessionStorage.getItem('e2e-seeded')) return;
      window.sessionStorage.setItem('e2e-seeded', 'yes');
      window.localStorage.setItem('credentials', JSON.stringify({ token, userId }));
      window.localStorage.setItem('cookieConsent', 'accepted');
    },
    { token: merchant.token, userId: merchant.userId },
  );
  await page.goto(path);
  // /dashboard's page paints the shell before any of the app's code (ADR 067): act once the app has drawn over it.
  await expect(page.locator('#root[data-static-page]')).toHaveCount(0);
}
