import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/helpers';
import { mailboxUrl } from '../support/sandbox-mailbox';

// Scan settled pages, not a frame of an entrance animation.
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('the signed-in shell has no serious accessibility violations', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/dashboard/recents');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-status')).toHaveText('Pending KYC');
  await expect(page.getByRole('region', { name: 'Email verification' })).toBeVisible();

  await expectNoSeriousA11yViolations(page);
});

test('the settings page has no serious accessibility violations', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/settings');
  await expect(page.getByRole('heading', { name: 'User Profile', level: 2 })).toBeVisible();
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');

  await expectNoSeriousA11yViolations(page);
});

test('sign-in, with the cookie banner, has no serious accessibility violations', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();

  await expectNoSeriousA11yViolations(page);
});

test('sign-up, showing its validation messages, has no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your Bizdash account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the not-found page and the sandbox mailbox have no serious accessibility violations', async ({
  page,
  request,
}) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const merchant = await createMerchant(request);
  const sent = await request.get('/api/users/otp', {
    params: { email: merchant.email },
    headers: { Authorization: `Bearer ${merchant.token}` },
  });
  expect(sent.status()).toBe(200);
  await page.goto(mailboxUrl(merchant.email));
  await expect(page.getByTestId('mailbox-code')).toHaveText(/^\d{6}$/);
  await expectNoSeriousA11yViolations(page);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the shell with the menu open has no serious accessibility violations', async ({ page, request }) => {
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/dashboard/recents');
    await expect(page.getByTestId('user-status')).toHaveText('Pending KYC');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId('current-profile')).toHaveText(merchant.businessName);
    await expectNoSeriousA11yViolations(page);
  });
});
