import type { APIRequestContext, Page } from '@playwright/test';
import { createMerchant, expect, openAs, test } from '../support/fixtures';
import {
  acceptCookiesUpFront,
  exactPath,
  expectNoSeriousA11yViolations,
  expiredToken,
  storedCredentials,
} from '../support/helpers';

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

test('token and id in the address become the stored credentials and leave the address', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await page.goto(`/?token=${encodeURIComponent(merchant.token)}&id=${merchant.userId}`);

  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
  expect(await storedCredentials(page)).toEqual({ token: merchant.token, userId: merchant.userId });
  expect(page.url()).not.toContain(merchant.token);
});

test('the hand-over works on a deep link and keeps its other parameters', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await page.goto(
    `/transactions/credit?page=2&token=${encodeURIComponent(merchant.token)}&id=${merchant.userId}`,
  );

  await expect(page).toHaveURL(exactPath('/transactions/credit?page=2'));
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  expect(await storedCredentials(page)).toEqual({ token: merchant.token, userId: merchant.userId });
});

/** One merchant signed in in this browser, and another merchant whose hand-over link is about to be opened. */
async function signedInWithAnotherMerchantsLink(page: Page, request: APIRequestContext) {
  const signedIn = await createMerchant(request);
  const linked = await createMerchant(request);
  await openAs(page, signedIn, '/dashboard/recents');
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
  return { signedIn, linked };
}

test('a link signing in a different merchant asks first; switching opens the linked address as that merchant', async ({
  page,
  request,
}) => {
  const { signedIn, linked } = await signedInWithAnotherMerchantsLink(page, request);

  await page.goto(
    `/transactions/credit?page=2&token=${encodeURIComponent(linked.token)}&id=${linked.userId}`,
  );

  await expect(page).toHaveURL(exactPath('/switch-account'));
  await expect(page.getByRole('heading', { name: 'Switch account?' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signed in now' })).toContainText(signedIn.email);
  await expect(page.getByRole('region', { name: 'The link signs in' })).toContainText(linked.email);
  await expect(page.getByRole('region', { name: 'The link signs in' })).toContainText(linked.businessName);
  // Nothing switched yet, and the link's token is neither in the address nor in the shared local storage.
  expect(await storedCredentials(page)).toEqual({ token: signedIn.token, userId: signedIn.userId });
  expect(page.url()).not.toContain(linked.token);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Switch account' }).click();

  await expect(page).toHaveURL(exactPath('/transactions/credit?page=2'));
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  expect(await storedCredentials(page)).toEqual({ token: linked.token, userId: linked.userId });
});

test('a merchant who stays signed in keeps the session and the linked account is not signed in', async ({
  page,
  request,
}) => {
  const { signedIn, linked } = await signedInWithAnotherMerchantsLink(page, request);

  await page.goto(`/products?token=${encodeURIComponent(linked.token)}&id=${linked.userId}`);
  await page.getByRole('button', { name: 'Stay signed in' }).click();

  await expect(page).toHaveURL(exactPath('/products'));
  expect(await storedCredentials(page)).toEqual({ token: signedIn.token, userId: signedIn.userId });
  expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(linked.token);
});

test('an expired token sends the merchant to sign-in and is forgotten', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const apiCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/')) apiCalls.push(sent.url());
  });
  await openAs(page, { ...merchant, token: expiredToken(merchant.userId) }, '/dashboard/recents');

  await expect(page).toHaveURL(exactPath('/signin'));
  await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
  expect(await storedCredentials(page)).toBeNull();
  // The client knows the token is expired on its own: the server is never asked.
  expect(apiCalls).toEqual([]);
});

test('a visitor without credentials is sent from a signed-in page to sign-in', async ({ page }) => {
  await page.goto('/transactions');

  await expect(page).toHaveURL(exactPath('/signin'));
  await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
  expect(await storedCredentials(page)).toBeNull();
});

test('a token revoked on the server sends the merchant to sign-in', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const logout = await request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${merchant.token}` },
  });
  expect(logout.status()).toBe(204);

  await openAs(page, merchant, '/dashboard/recents');

  await expect(page).toHaveURL(exactPath('/signin'));
  await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
  expect(await storedCredentials(page)).toBeNull();
});

test('a signed-in merchant who opens sign-in goes to the dashboard instead', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/signin');

  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
});
