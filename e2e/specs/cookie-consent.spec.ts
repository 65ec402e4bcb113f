import type { Page } from '@playwright/test';
import { createMerchant, expect, test } from '../support/fixtures';
import { COOKIE_TEXT } from '../support/helpers';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const storedChoice = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookieConsent'));

test('a first-time visitor sees the cookie banner with its exact text', async ({ page }) => {
  await page.goto('/signin');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toHaveText(`${COOKIE_TEXT}RejectAccept`);
  await expect(page.getByTestId('cookie-consent').getByText(COOKIE_TEXT, { exact: true })).toBeVisible();
  expect(await storedChoice(page)).toBeNull();
});

for (const { button, stored } of [
  { button: 'Accept', stored: 'accepted' },
  { button: 'Reject', stored: 'rejected' },
]) {
  test(`${button} hides the banner for good and remembers '${stored}'`, async ({ page }) => {
    await page.goto('/signin');
    await banner(page).getByRole('button', { name: button }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedChoice(page)).toBe(stored);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedChoice(page)).toBe(stored);

    // The choice holds on every page, not just the one where it was made.
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your Bizdash account' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
}

test('the banner also shows in the signed-in dashboard until a choice is made', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await page.goto(`/dashboard/recents?token=${encodeURIComponent(merchant.token)}&id=${merchant.userId}`);
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
  await expect(banner(page)).toBeVisible();

  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});
