import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { exactPath, mainNav } from '../support/helpers';

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/dashboard/recents');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('the sidebar is hidden and the menu button opens the menu', async ({ page }) => {
  await expect(mainNav(page)).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(mainNav(page)).toHaveCount(1);
  await expect(mainNav(page)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'API Docs (opens in a new tab)' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
});

test('choosing an entry in the menu navigates and closes the menu', async ({ page }) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Payment Link' }).click();

  await expect(page).toHaveURL(exactPath('/products'));
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('link', { name: 'Payment Link' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(exactPath('/transactions/all'));
  await expect(menu).toBeHidden();
});

test('Escape closes the menu and gives focus back to the menu button', async ({ page }) => {
  const button = page.getByRole('button', { name: 'Open menu' });
  await button.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
});

test('a tap on the overlay closes the menu', async ({ page }) => {
  const button = page.getByRole('button', { name: 'Open menu' });
  await button.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();

  // The panel covers the left 288 px; tap the dimmed strip to its right, below the close button.
  await page.getByTestId('mobile-menu-overlay').click({ position: { x: 370, y: 600 } });
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('mobile-menu-overlay')).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('the close button closes the menu', async ({ page }) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
