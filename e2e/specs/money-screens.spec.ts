import type { Wallet } from '@bizdash/shared';
import { openAs } from '../support/fixtures';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../support/helpers';
import { expect, test, walletsApi } from '../support/seeded-session';

// The money screens with the seeded merchant's history: axe-clean, and pictured for a person to review.
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
];

async function nairaWallet(
  request: Parameters<typeof walletsApi>[0],
  merchant: Parameters<typeof walletsApi>[1],
) {
  const wallets = await walletsApi(request, merchant);
  return wallets.find((wallet) => wallet.currency === 'NGN') as Wallet;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`${name} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      // Full-page screenshots of long lists: on a busy two-core machine they outgrow the default 30 s.
      test.slow();
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    test('dashboard', async ({ page, seeded }, testInfo) => {
      await openAs(page, seeded, '/dashboard/recents');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByTestId('wallet-card-NGN')).toBeVisible();
      await expect(page.getByTestId('bar-in')).toHaveCount(30);
      await expect(page.getByTestId('transaction-row')).toHaveCount(10);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, testInfo, `${name}-money-dashboard`);
    });

    test('accounts', async ({ page, seeded }, testInfo) => {
      await openAs(page, seeded, '/accounts');
      await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
      await expect(page.getByTestId('wallet-card-USD')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, testInfo, `${name}-money-accounts`);
    });

    test('account detail', async ({ page, request, seeded }, testInfo) => {
      const naira = await nairaWallet(request, seeded);
      await openAs(page, seeded, `/accounts/${naira.walletId}/recents`);
      await expect(page.getByRole('heading', { name: 'Naira account', level: 1 })).toBeVisible();
      await expect(page.getByTestId('transaction-row')).toHaveCount(10);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, testInfo, `${name}-money-account-detail`);
    });

    test('transactions and the details modal', async ({ page, seeded }, testInfo) => {
      await openAs(page, seeded, '/transactions/all');
      await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
      await expect(page.getByTestId('transaction-row')).toHaveCount(10);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, testInfo, `${name}-money-transactions`);

      await page.getByTestId('transaction-row').first().click();
      const dialog = page.getByRole('dialog', { name: 'Transaction Details' });
      await expect(dialog.getByRole('heading', { name: 'Transaction Details' })).toBeVisible();
      await expect(dialog.getByTestId('detail-transaction-time')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The dialog covers the viewport, not the whole scrolled page.
      await saveScreenshot(page, testInfo, `${name}-money-transaction-details`, { fullPage: false });
    });
  });
}

test('the empty and filtered states have no serious accessibility violations', async ({ page, seeded }) => {
  await openAs(page, seeded, '/transactions/failed?q=no-such-transaction-anywhere');
  await expect(page.getByRole('heading', { name: 'No transactions match these filters' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
