import type { Page, TestInfo } from '@playwright/test';
import { createMerchant, openAs } from '../support/fixtures';
import { merchantHeaders } from '../support/funding';
import { expectNoSeriousA11yViolations, saveScreenshot, toast } from '../support/helpers';
import {
  businessPages,
  expect,
  moneyPages,
  publicPages,
  settingsPages,
  settled,
  type ThemePage,
  test,
} from '../support/theme-pages';

// Every page in both themes (issue 25 §3): axe's WCAG 2.1 AA checks, colour contrast among them, in light and in
// dark at 1280 and 390 px; in dark, a picture of each in test-results/screenshots/ for a person to review. The
// theme is the default choice, "System", following the colour scheme the browser reports.
const THEMES = ['light', 'dark'] as const;
/** The checkout's form filled for one unit with a sandbox card (README's test cards). */
async function fillCheckout(page: Page, card: string) {
  await page.getByLabel('Full name').fill('Tolu Adeyemi');
  await page.getByLabel('Email address').fill('tolu.adeyemi@example.com');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVV').fill('123');
}

/** An open menu, scanned on its own (helpers.ts says why). */
const MENU = '[role="menu"]';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const theme of THEMES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${theme} at ${viewport.width} px`, () => {
      test.use({ colorScheme: theme, viewport });

      test.beforeEach(async ({ page }) => {
        // A page each few seconds, each scanned (and pictured): minutes on a busy machine.
        test.slow();
        await page.emulateMedia({ reducedMotion: 'reduce' });
      });

      /** Axe-clean in this theme, and in dark pictured as `dark-<width>-<name>`. */
      const check = async (
        page: Page,
        testInfo: TestInfo,
        name: string,
        { fullPage = true, include }: { fullPage?: boolean; include?: string } = {},
      ) => {
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? 'dark' : '');
        await expectNoSeriousA11yViolations(page, { include });
        if (theme === 'dark')
          await saveScreenshot(page, testInfo, `dark-${viewport.width}-${name}`, { fullPage });
      };

      const visit = async (page: Page, testInfo: TestInfo, target: ThemePage) => {
        await page.goto(target.path);
        await target.ready(page);
        await settled(page);
        await check(page, testInfo, target.name);
      };

      const visitAll = async (page: Page, testInfo: TestInfo, targets: ThemePage[]) => {
        for (const target of targets) await test.step(target.name, () => visit(page, testInfo, target));
      };

      test('the public pages, the cookie banner and a failed sign-in', async ({ page, busy }, testInfo) => {
        await page.goto('/signin');
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
        await check(page, testInfo, 'sign-in-cookie-banner');
        await page.getByRole('button', { name: 'Accept' }).click();

        await page.getByLabel('Email').fill(busy.email);
        await page.getByLabel('Password', { exact: true }).fill('not-the-password');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(toast(page, 'Invalid email or password')).toBeVisible();
        await check(page, testInfo, 'sign-in-failed', { fullPage: false });

        await visitAll(page, testInfo, publicPages(busy));
      });

      test('the money pages, with the seeded history', async ({ page, seeded, naira }, testInfo) => {
        await openAs(page, seeded, '/dashboard/recents');
        await visitAll(page, testInfo, moneyPages(naira));

        await page.getByTestId('transaction-row').first().click();
        const details = page.getByRole('dialog', { name: 'Transaction Details' });
        await expect(details.getByTestId('detail-transaction-time')).toBeVisible();
        await settled(page);
        await check(page, testInfo, 'transaction-details', { fullPage: false });
      });

      test('the business pages', async ({ page, busy }, testInfo) => {
        await openAs(page, busy, '/dashboard/recents');
        await visitAll(page, testInfo, businessPages(busy));
      });

      test('the settings pages, a form error and a toast', async ({ page, busy }, testInfo) => {
        await openAs(page, busy, '/dashboard/recents');
        await visitAll(page, testInfo, settingsPages(busy));

        await page.goto('/settings');
        const firstName = page.getByLabel('First Name');
        await firstName.fill('A');
        await firstName.blur();
        await expect(page.getByText('Must be at least 2 characters long')).toBeVisible();
        await check(page, testInfo, 'settings-profile-error');
        await firstName.fill(busy.firstName);
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect(toast(page, 'Profile updated successfully')).toBeVisible();
        await check(page, testInfo, 'settings-profile-saved', { fullPage: false });
      });

      test("the top bar's menus, the command palette and a dialog", async ({ page, busy }, testInfo) => {
        await openAs(page, busy, '/dashboard/recents');
        await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
        await settled(page);

        await page.getByRole('button', { name: 'Theme: System' }).click();
        await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
          'aria-checked',
          'true',
        );
        await check(page, testInfo, 'theme-menu', { fullPage: false, include: MENU });
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: /^Notifications/ }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await settled(page);
        await check(page, testInfo, 'notifications', { fullPage: false, include: MENU });
        await page.keyboard.press('Escape');

        if (viewport.width < 1024) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await check(page, testInfo, 'mobile-menu', { fullPage: false });
          await page.getByRole('button', { name: 'Close menu' }).click();
        } else {
          await page.getByRole('button', { name: 'Switch profile' }).click();
          await expect(page.getByRole('menuitemradio', { name: 'Lagos Shop' })).toBeVisible();
          await check(page, testInfo, 'profile-switcher', { fullPage: false, include: MENU });
          await page.keyboard.press('Escape');
        }

        await page.keyboard.press('Control+k');
        const palette = page.getByRole('dialog', { name: /command|search/i });
        await expect(palette).toBeVisible();
        await page.getByRole('combobox').fill('Adire');
        // The product's option (the sale of it is found too).
        await expect(
          page.getByRole('option', { name: 'Adire silk scarf ₦25,000.00', exact: true }),
        ).toBeVisible();
        await check(page, testInfo, 'command-palette', { fullPage: false });
        await page.keyboard.press('Escape');

        await page.goto('/convert');
        await page.getByLabel('Amount to send in Naira').fill('1,000');
        await expect(page.getByTestId('quote-amount-out')).toBeVisible();
        await page.getByRole('button', { name: 'Convert', exact: true }).click();
        await expect(page.getByRole('dialog', { name: 'Confirm conversion' })).toBeVisible();
        await check(page, testInfo, 'convert-confirm', { fullPage: false });
      });

      test('the steps of the flows: checkout, a payout, a product, the identity widget and a bank link', async ({
        page,
        request,
        busy,
      }, testInfo) => {
        // A product of its own: a payment waiting for its code holds a unit.
        const created = await request.post('/api/products', {
          headers: merchantHeaders(busy),
          data: { productName: 'Indigo throw', amount: 8_500_00, currency: 'NGN', quantityAvailable: 5 },
        });
        expect(created.status(), await created.text()).toBe(201);
        const product = `/pay/${((await created.json()) as { recordId: string }).recordId}`;
        await page.goto(product);
        await expect(page.getByRole('heading', { name: 'Indigo throw', level: 1 })).toBeVisible();
        await page.getByRole('button', { name: /^Pay / }).click();
        await expect(page.getByText('Card number is required')).toBeVisible();
        await check(page, testInfo, 'checkout-errors');
        await fillCheckout(page, '5061 0000 0000 0005');
        await page.getByRole('button', { name: /^Pay / }).click();
        await expect(page.getByRole('heading', { name: 'Enter your one-time code' })).toBeVisible();
        await check(page, testInfo, 'checkout-otp');
        await page.goto(product);
        await fillCheckout(page, '4000 0000 0000 0002');
        await page.getByRole('button', { name: /^Pay / }).click();
        await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
        await check(page, testInfo, 'checkout-failed');

        await openAs(page, busy, '/payouts/new');
        await page.getByRole('radio', { name: /Naira wallet/ }).check();
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByLabel('Amount (NGN)').fill('1,000');
        await check(page, testInfo, 'payout-2-amount');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('radio').first().check();
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByRole('heading', { name: 'Review your payout' })).toBeVisible();
        await check(page, testInfo, 'payout-4-review');

        await page.goto('/products');
        await page.getByRole('button', { name: 'Add product' }).click();
        await expect(page.getByRole('dialog', { name: 'Add product' })).toBeVisible();
        await check(page, testInfo, 'product-form', { fullPage: false });

        // A merchant not verified yet opens the identity widget (a page of the sandbox provider's, signed out).
        const fresh = await createMerchant(request);
        const started = await request.post(`/api/kyc/${fresh.userId}/verifications`, {
          headers: { Authorization: `Bearer ${fresh.token}` },
        });
        expect(started.status(), await started.text()).toBe(201);
        await page.goto(((await started.json()) as { widgetUrl: string }).widgetUrl);
        await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
        await settled(page);
        await check(page, testInfo, 'kyc-widget');

        await page.goto('/settings/settlement-account');
        await page.getByRole('button', { name: 'Add New' }).click();
        await page
          .getByRole('dialog', { name: 'Add settlement account' })
          .getByRole('button', { name: /Dollars/ })
          .click();
        await expect(page.getByRole('dialog', { name: 'Connect your US bank account' })).toBeVisible();
        await check(page, testInfo, 'settlement-bank-link', { fullPage: false });
        await page.getByRole('link', { name: 'Connect Bank Account' }).click();
        await expect(page.getByRole('heading', { name: 'Connect your bank' })).toBeVisible();
        await settled(page);
        await check(page, testInfo, 'bank-link-sandbox');
      });
    });
  }
}
