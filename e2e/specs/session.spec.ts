import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { acceptCookiesUpFront, exactPath, expiredToken, storedCredentials } from '../support/helpers';

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
