import type { Page } from '@playwright/test';
import { createMerchant, expect, test } from '../support/fixtures';
import {
  acceptCookiesUpFront,
  exactPath,
  expectNoSeriousA11yViolations,
  storedCredentials,
  toast,
} from '../support/helpers';
import { latestResetLink } from '../support/reset-link';

const LINK_SENT =
  'If an account uses this email, we have sent it a link to reset the password. The link works once, for 30 minutes.';
const PASSWORD_CHANGED = 'Your password has been changed. Sign in with your new password.';
const LINK_USED = 'This reset link has expired or was already used. Ask for a new one.';
const NEW_PASSWORD = 'N3w!Passw0rdToo';

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

async function askForLink(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(exactPath('/forgot-password'));
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText(LINK_SENT)).toBeVisible();
}

async function chooseNewPassword(page: Page) {
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
}

test('a merchant who forgot the password sets a new one from the emailed link, and the old session ends', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await askForLink(page, merchant.email);
  const link = await latestResetLink(request, merchant.email);

  await page.goto(link);
  // The token leaves the address bar once the page has read it.
  await expect(page).toHaveURL(exactPath('/reset-password'));
  await expectNoSeriousA11yViolations(page);
  await chooseNewPassword(page);

  await expect(page).toHaveURL(exactPath('/signin'));
  await expect(toast(page, PASSWORD_CHANGED)).toBeVisible();
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
  expect((await storedCredentials(page))?.userId).toBe(merchant.userId);

  // The token from before the reset no longer opens anything, and the old password no longer signs in.
  const oldSession = await request.get(`/api/users/${merchant.userId}`, {
    headers: { Authorization: `Bearer ${merchant.token}` },
  });
  expect(oldSession.status()).toBe(401);
  const oldPassword = await request.post('/api/auth/signin', {
    data: { email: merchant.email, password: merchant.password },
  });
  expect(oldPassword.status()).toBe(401);
});

test('a link works once: opened again it offers a new one', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await askForLink(page, merchant.email);
  const link = await latestResetLink(request, merchant.email);
  await page.goto(link);
  await chooseNewPassword(page);
  await expect(page).toHaveURL(exactPath('/signin'));

  await page.goto(link);
  await chooseNewPassword(page);

  await expect(page.getByText(LINK_USED)).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(exactPath('/forgot-password'));
});
