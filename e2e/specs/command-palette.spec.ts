import type { Page } from '@playwright/test';
import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { customerPays, paymentCredit } from '../support/funding';
import { exactPath, expectNoSeriousA11yViolations, saveScreenshot } from '../support/helpers';

const FIRST_PAGE_MS = 20_000;
const PRODUCT = 'Adire indigo scarf';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const searchField = (page: Page) => palette(page).getByRole('combobox');

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the keyboard opens the palette, finds a product by name and a transaction by reference and goes there; g s and ? work', async ({
    page,
    request,
  }, testInfo) => {
    const merchant = await createMerchant(request);
    const payment = await customerPays(request, merchant, {
      price: 1_250_000,
      currency: 'NGN',
      productName: PRODUCT,
    });
    const credit = await paymentCredit(request, merchant, payment.reference);
    await openAs(page, merchant, '/dashboard/recents');
    await expect(page.getByRole('button', { name: 'Search' })).toBeVisible({ timeout: FIRST_PAGE_MS });
    await expect(page.getByRole('button', { name: 'Search' }).getByText('Ctrl K')).toBeVisible();

    await saveScreenshot(page, testInfo, 'top-bar-1280', { fullPage: false });

    // Ctrl+K: the field has the focus, the pages and actions are listed.
    await page.keyboard.press('Control+k');
    await expect(searchField(page)).toBeFocused();
    await expect(palette(page).getByRole('option', { name: 'Dashboard' })).toBeVisible();
    await expect(palette(page).getByRole('option', { name: 'Create product' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'command-palette-1280-open', { fullPage: false });
    await expectNoSeriousA11yViolations(page);

    // A product by part of its name.
    await searchField(page).fill('indigo');
    const product = palette(page)
      .getByRole('group', { name: 'Products' })
      .getByRole('option', { name: new RegExp(PRODUCT) });
    await expect(product).toBeVisible();
    await saveScreenshot(page, testInfo, 'command-palette-1280-results', { fullPage: false });
    await product.click();
    // The products page searched for its name: the product is listed whichever page it would sit on.
    await expect(page).toHaveURL(exactPath(`/products?search=${encodeURIComponent(PRODUCT)}`));
    await expect(palette(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(PRODUCT);
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await expect(page.getByText(PRODUCT).first()).toBeVisible();
    await saveScreenshot(page, testInfo, 'products-search-1280');

    // A transaction by its reference (the sale and its card fee carry it): the list narrowed to the one chosen.
    await page.keyboard.press('Control+k');
    await searchField(page).fill(payment.reference);
    const found = palette(page).getByRole('group', { name: 'Transactions' }).getByRole('option');
    await expect(found).toHaveCount(2);
    await expect(found.filter({ hasText: 'Card fee' })).toHaveCount(1);
    await found.filter({ hasText: PRODUCT }).click();
    await expect(page).toHaveURL(exactPath(`/transactions/all?q=${credit.id}`));
    await expect(page.locator(`[data-transaction-id="${credit.id}"]`).first()).toBeVisible();

    // g then s: Settings.
    await page.keyboard.press('g');
    await page.keyboard.press('s');
    await expect(page).toHaveURL(exactPath('/settings'));

    // ?: the shortcuts; Escape closes them.
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts).toContainText('Go to Transactions');
    await saveScreenshot(page, testInfo, 'keyboard-shortcuts-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(shortcuts).toHaveCount(0);

    // The last choices come first next time.
    await page.keyboard.press('Control+k');
    const recent = palette(page).getByRole('group', { name: 'Recent' }).getByRole('option');
    await expect(recent.first()).toContainText(payment.reference);
    await expect(recent.nth(1)).toContainText(PRODUCT);
    await saveScreenshot(page, testInfo, 'command-palette-1280-recent', { fullPage: false });
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Search icon opens the palette; results and the shortcuts fit the screen', async ({
    page,
    request,
  }, testInfo) => {
    const merchant = await createMerchant(request);
    await customerPays(request, merchant, { price: 1_250_000, currency: 'NGN', productName: PRODUCT });
    await openAs(page, merchant, '/dashboard/recents');
    const search = page.getByRole('button', { name: 'Search' });
    await expect(search).toBeVisible({ timeout: FIRST_PAGE_MS });
    // Icon only: the shortcut's hint is hidden, the name stays.
    await expect(search.getByText('Ctrl K')).toBeHidden();
    await saveScreenshot(page, testInfo, 'top-bar-390', { fullPage: false });

    await search.click();
    await expect(searchField(page)).toBeFocused();
    await saveScreenshot(page, testInfo, 'command-palette-390-open', { fullPage: false });
    await searchField(page).fill('adire');
    await expect(palette(page).getByRole('group', { name: 'Products' }).getByRole('option')).toBeVisible();
    await saveScreenshot(page, testInfo, 'command-palette-390-results', { fullPage: false });
    const box = await palette(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(search).toBeFocused();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'keyboard-shortcuts-390', { fullPage: false });
    await page.keyboard.press('Escape');

    // A product leads to the products page searched for its name.
    await search.click();
    await searchField(page).fill('adire');
    await palette(page).getByRole('group', { name: 'Products' }).getByRole('option').click();
    await expect(page).toHaveURL(exactPath(`/products?search=${encodeURIComponent(PRODUCT)}`));
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await expect(page.getByText(PRODUCT).first()).toBeVisible();
    await saveScreenshot(page, testInfo, 'products-search-390');
  });
});
