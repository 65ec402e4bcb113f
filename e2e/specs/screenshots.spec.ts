import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { fundNaira } from '../support/funding';
import { acceptCookiesUpFront, saveScreenshot } from '../support/helpers';
import { patience } from '../support/patience';
import { addPayoutAccount, approveKyc, gtbNuban, payOut, payoutCode } from '../support/payouts';
import { addNairaAccount, addSettlementAccounts, gtbAccount } from '../support/settlement';
import { enableTwoFactor } from '../support/two-factor';
import { startWebhookReceiver, withKeyAndDeliveries } from '../support/webhook-receiver';

// Pictures of the main screens for a person to review, in test-results/screenshots/.
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`${name} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    test('sign-in, with the cookie banner', async ({ page }, testInfo) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-sign-in`);
    });

    test('sign-in: the two-factor code step', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await enableTwoFactor(request, merchant);
      await acceptCookiesUpFront(page);
      await page.goto('/signin');
      await page.getByLabel('Email').fill(merchant.email);
      await page.getByLabel('Password', { exact: true }).fill(merchant.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
      await expect(page.getByLabel('Authentication code')).toBeFocused();
      await saveScreenshot(page, testInfo, `${name}-sign-in-two-factor`);
    });

    test('sign-up', async ({ page }, testInfo) => {
      await acceptCookiesUpFront(page);
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your Bizdash account' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-sign-up`);
    });

    test('dashboard shell', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/dashboard/recents');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByTestId('user-status')).toHaveText('Pending KYC');
      await saveScreenshot(page, testInfo, `${name}-dashboard`);
    });

    test('settings', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/settings');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'User Profile', level: 2 })).toBeVisible();
      await expect(page.getByTestId('user-status')).toHaveText('Pending KYC');
      await saveScreenshot(page, testInfo, `${name}-settings`);
    });

    for (const [tab, path, section] of [
      ['company-details', '/settings/company-details', 'Company Details'],
      ['documents', '/settings/documents', 'Business Documents'],
      ['security', '/settings/security', 'Password'],
      ['notifications', '/settings/notifications', 'In-app notifications'],
    ] as const) {
      test(`settings: ${tab}`, async ({ page, request }, testInfo) => {
        const merchant = await createMerchant(request);
        await openAs(page, merchant, path);
        await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
        await expect(page.getByTestId('user-status')).toHaveText('Pending KYC');
        // The two-factor card loads its status after the page: the picture shows it, not its skeleton.
        if (tab === 'security')
          await expect(page.getByRole('button', { name: 'Set up two-factor' })).toBeVisible();
        await saveScreenshot(page, testInfo, `${name}-settings-${tab}`);
      });
    }

    test('settings: security, setting up two-factor', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/settings/security');
      await page.getByRole('button', { name: 'Set up two-factor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
      const qr = dialog.getByRole('img', { name: 'QR code for your authenticator app' });
      await expect
        .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await saveScreenshot(page, testInfo, `${name}-two-factor-setup`, { fullPage: false });
    });

    test('the notification bell, open', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/dashboard/recents');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expect(page.getByText('No notifications yet')).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-notification-bell`, { fullPage: false });
    });

    test('convert, with a quote and its confirmation', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await fundNaira(request, merchant, 200_000_00);
      await openAs(page, merchant, '/convert');
      await expect(page.getByRole('heading', { name: 'Convert', level: 1 })).toBeVisible();
      await expect(page.getByTestId('balance-NGN')).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-convert-empty`);
      await page.getByLabel('Amount to send in Naira').fill('100,000');
      await expect(page.getByTestId('quote-amount-out')).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-convert-quote`);
      await page.getByRole('button', { name: 'Convert', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm conversion' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-convert-confirm`, { fullPage: false });
    });

    test('settings: settlement accounts, empty and with accounts', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/settings/settlement-account');
      await expect(page.getByRole('heading', { name: 'No settlement accounts yet' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-settings-settlement-account-empty`);
      await addSettlementAccounts(request, merchant);
      await page.reload();
      await expect(page.getByTestId('bank-account-row')).toHaveCount(2);
      await saveScreenshot(page, testInfo, `${name}-settings-settlement-account`);
    });

    test('settlement: adding a Naira account', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/settings/settlement-account');
      await page.getByRole('button', { name: 'Add New' }).click();
      await expect(page.getByRole('dialog', { name: 'Add settlement account' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-settlement-add-choice`, { fullPage: false });
      await page.keyboard.press('Escape');
      await addNairaAccount(page, gtbAccount());
      await saveScreenshot(page, testInfo, `${name}-settlement-add-naira`, { fullPage: false });
    });

    test('settlement: connecting a Dollar account', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/settings/settlement-account');
      await page.getByRole('button', { name: 'Add New' }).click();
      await page
        .getByRole('dialog', { name: 'Add settlement account' })
        .getByRole('button', { name: /Dollars/ })
        .click();
      const linkModal = page.getByRole('dialog', { name: 'Connect your US bank account' });
      await expect(linkModal).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-settlement-bank-link`, { fullPage: false });
      await linkModal.getByRole('link', { name: 'Connect Bank Account' }).click();
      await expect(page.getByRole('heading', { name: 'Connect your bank' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-bank-link-sandbox`);
    });

    test('payouts: before KYC', async ({ page, request }, testInfo) => {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/payouts/new');
      await expect(page.getByRole('heading', { name: 'Verify your identity to pay out' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-payout-kyc-required`);
    });

    test('payouts: the list, each step and a returned payout', async ({ page, request }, testInfo) => {
      test.setTimeout(patience(90_000));
      const merchant = await createMerchant(request);
      await fundNaira(request, merchant, 20_000_00);
      await approveKyc(request, merchant);
      const open = await addPayoutAccount(request, merchant, gtbNuban('012345678'));
      // The sandbox rail answers "Account closed" for numbers starting 999.
      const closed = gtbNuban('999000111');
      await addPayoutAccount(request, merchant, closed);
      await openAs(page, merchant, '/payouts');
      // A fresh browser's first page loads the whole app: slower than a step on a busy machine.
      await expect(page.getByRole('heading', { name: 'No payouts yet' })).toBeVisible({
        timeout: patience(20_000),
      });
      await saveScreenshot(page, testInfo, `${name}-payouts-empty`);

      await page.getByRole('link', { name: 'New payout' }).click();
      await page.getByRole('radio', { name: /Naira wallet/ }).check();
      await saveScreenshot(page, testInfo, `${name}-payout-1-account`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Amount (NGN)').fill('5,000');
      await expect(page.getByTestId('payout-total')).toHaveText('₦5,010.00');
      await saveScreenshot(page, testInfo, `${name}-payout-2-amount`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('radio', { name: new RegExp(`\\*{4}${closed.slice(-4)}`) }).check();
      await saveScreenshot(page, testInfo, `${name}-payout-3-recipient`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Review your payout' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-payout-4-review`);
      await page.getByRole('button', { name: 'Send payout' }).click();
      const code = page.getByLabel('Enter the 6-digit code we emailed you');
      await expect(code).toBeFocused();
      await saveScreenshot(page, testInfo, `${name}-payout-5-confirm`);
      await code.fill(await payoutCode(request, merchant, '₦5,000.00'));
      await page.getByRole('button', { name: 'Confirm payout' }).click();
      await expect(page.getByRole('heading', { name: 'Payout failed and returned' })).toBeVisible({
        timeout: patience(20_000),
      });
      await saveScreenshot(page, testInfo, `${name}-payout-returned`);

      await payOut(request, merchant, open.recordId, 2_500_00);
      await page.getByRole('link', { name: 'Back to payouts' }).click();
      await expect(page.getByTestId('payout-row')).toHaveCount(2);
      // The list follows the other payout until the rail settles it.
      await expect(page.getByTestId('payout-status').first()).toHaveText('Successful', {
        timeout: patience(20_000),
      });
      await saveScreenshot(page, testInfo, `${name}-payouts`);
    });

    test('settings: developer settings, a key and the delivery log', async ({ page, request }, testInfo) => {
      test.setTimeout(patience(60_000));
      // Deliveries to a receiver on this machine: a payout.failed answered 500, the others 200.
      const receiver = await startWebhookReceiver((body) =>
        body.includes('"payout.failed"')
          ? {
              status: 500,
              body: '{"error":"Internal Server Error","message":"upstream order service timed out after 10000 ms"}',
            }
          : { status: 200, body: '{"received":true}' },
      );
      try {
        const merchant = await createMerchant(request);
        await withKeyAndDeliveries(request, merchant, receiver, [
          'payment.succeeded',
          'payout.failed',
          'payout.created',
        ]);
        await openAs(page, merchant, '/settings/developer-settings');
        await expect(page.getByRole('textbox', { name: 'API key', exact: true })).toHaveValue(/^bzk_test_•+/);
        await expect(page.getByTestId('delivery-row')).toHaveCount(3);
        await expect(page.getByTestId('delivery-response-code').first()).not.toHaveText('Not sent yet');
        await saveScreenshot(page, testInfo, `${name}-settings-developer`);

        const failed = page.getByTestId('delivery-row').filter({ hasText: 'payout.failed' });
        await failed.locator('summary').click();
        await failed.scrollIntoViewIfNeeded();
        await saveScreenshot(page, testInfo, `${name}-developer-delivery-log`, { fullPage: false });
      } finally {
        await receiver.close();
      }
    });

    test('apps: the list, an app acted for, and the profile switcher open', async ({
      page,
      request,
    }, testInfo) => {
      const merchant = await createMerchant(request);
      const headers = { Authorization: `Bearer ${merchant.token}`, user_id: merchant.userId };
      const appIds: string[] = [];
      for (const data of [
        { name: 'Abuja Airport Kiosk', description: '' },
        { name: 'Lagos Shop', description: 'Online store for the Lagos branch, open every day' },
      ]) {
        const created = await request.post('/api/users/register?isApp=true', { headers, data });
        expect(created.status(), await created.text()).toBe(201);
        appIds.push(((await created.json()) as { recordId: string }).recordId);
      }
      await fundNaira(request, { ...merchant, userId: appIds[1] ?? '' }, 12_500_00);
      await openAs(page, merchant, '/settings/apps');
      await expect(page.getByRole('list', { name: 'Apps' }).getByRole('link')).toHaveCount(2);
      await expect(page.getByTestId('app-balances').first()).toContainText('₦12,212.50');
      await saveScreenshot(page, testInfo, `${name}-settings-apps`);

      await page.getByRole('link', { name: /Lagos Shop/ }).click();
      await page.getByRole('button', { name: 'Switch to this app' }).click();
      await expect(page.getByTestId('acting-banner')).toContainText('Acting as Lagos Shop');
      await expect(page.getByTestId('app-wallet-NGN')).not.toContainText('₦0.00');
      await expect(page.getByRole('button', { name: 'Generate new key' })).toBeVisible();
      await expect(page.getByText('No deliveries yet')).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-app-page`);

      if (name === 'mobile') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page
          .getByRole('dialog', { name: 'Menu' })
          .getByRole('button', { name: 'Switch profile' })
          .click();
      } else {
        await page.getByRole('button', { name: 'Switch profile' }).first().click();
      }
      await expect(page.getByRole('menu').getByRole('menuitemradio', { name: 'Lagos Shop' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await saveScreenshot(page, testInfo, `${name}-profile-switcher`, { fullPage: false });
    });

    test('API reference', async ({ page }, testInfo) => {
      await page.goto('/api/docs');
      await expect(page.getByRole('heading', { name: /Bizdash API/ })).toBeVisible();
      await expect(page.getByText('auth', { exact: true }).first()).toBeVisible();
      // The top of it: every operation laid out makes a page tens of thousands of pixels tall, slow to capture.
      await saveScreenshot(page, testInfo, `${name}-api-docs`, { fullPage: false });
    });
  });
}

test.describe('mobile 390x844 menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shell with the menu closed and open', async ({ page, request }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/transactions/all');
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
    await expect(page.getByTestId('user-status')).toHaveText('Pending KYC');
    await saveScreenshot(page, testInfo, 'mobile-menu-closed');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    await saveScreenshot(page, testInfo, 'mobile-menu-open');
  });
});
