import { randomUUID } from 'node:crypto';
import { checkoutAmounts, DEFAULT_FEE_SCHEDULE, formatMoney, type Product } from '@bizdash/shared';
import type { APIRequestContext } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { exactPath, expectNoSeriousA11yViolations, mainNav, toast } from '../support/helpers';
import { patience } from '../support/patience';

// Apps (issue 13 section 4): a merchant creates an app, switches the dashboard to it, sells through it, and the
// money lands in the app's wallet, not the merchant's.
test.use({ viewport: { width: 1280, height: 900 } });

const actingAs = (merchant: Merchant, userId: string) => ({
  Authorization: `Bearer ${merchant.token}`,
  user_id: userId,
});

async function productsOf(request: APIRequestContext, merchant: Merchant, userId: string) {
  const response = await request.get('/api/products', { headers: actingAs(merchant, userId) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: Product[] }).items;
}

test('create an app, switch to it, sell through it: the money is the app’s, not the merchant’s', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(patience(90_000));
  const merchant = await createMerchant(request);
  const appName = `Lagos Shop ${randomUUID().slice(0, 6)}`;
  const productName = `Adire scarf ${randomUUID().slice(0, 6)}`;
  await openAs(page, merchant, '/settings/apps');

  // Create the app.
  await expect(page.getByRole('heading', { name: 'No apps yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create app' });
  await dialog.getByLabel('App name').fill(appName);
  await dialog.getByLabel('Description').fill('Online store for the Lagos branch');
  await dialog.getByRole('button', { name: 'Create app' }).click();
  await expect(toast(page, 'App created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/apps\/[0-9a-f-]{36}$/);
  const appId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByTestId('app-name')).toHaveText(appName);
  await expect(page.getByTestId('app-wallet-NGN')).toContainText(formatMoney(0, 'NGN'));
  await expect(page.getByRole('button', { name: 'Generate new key' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Switch to it: the whole dashboard acts for the app.
  await page.getByRole('button', { name: 'Switch to this app' }).click();
  const banner = page.getByTestId('acting-banner');
  await expect(banner).toContainText(`Acting as ${appName}`);
  await expect(page.getByTestId('current-profile').first()).toContainText(appName);

  // A product made while acting belongs to the app.
  await mainNav(page).getByRole('link', { name: 'Payment Link' }).click();
  await expect(page).toHaveURL(exactPath('/products'));
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add product' }).click();
  const form = page.getByRole('dialog', { name: 'Add product' });
  await form.getByLabel('Product name').fill(productName);
  await form.getByLabel('Price').fill('12,500');
  await form.getByLabel('Quantity available').fill('5');
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(toast(page, 'Product created successfully')).toBeVisible();
  const [product] = await productsOf(request, merchant, appId);
  expect(product?.productName).toBe(productName);
  expect(await productsOf(request, merchant, merchant.userId)).toEqual([]);

  // A customer pays it through the public checkout, which shows the app as the seller.
  const customer = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await customer.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  const shop = await customer.newPage();
  await shop.goto(`/pay/${product?.recordId}`);
  await expect(shop.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
  await expect(shop.getByText(appName)).toBeVisible();
  await shop.getByLabel('Full name').fill('Tolu Adeyemi');
  await shop.getByLabel('Email address').fill('tolu.adeyemi@example.com');
  await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shop.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shop.getByLabel('CVV').fill('123');
  const amounts = checkoutAmounts({
    unitAmount: 12_500_00,
    quantity: 1,
    currency: 'NGN',
    rule: DEFAULT_FEE_SCHEDULE.NGN,
    bearer: 'MERCHANT',
  });
  await shop.getByRole('button', { name: `Pay ${formatMoney(amounts.customerTotal, 'NGN')}` }).click();
  await expect(shop.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await customer.close();

  // The app's dashboard shows the money.
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  const nairaBalance = page.getByTestId('wallet-card-NGN').getByTestId('available-balance');
  await expect(nairaBalance).toHaveText(formatMoney(amounts.merchantNet, 'NGN'));

  // A reload keeps acting for the app.
  await page.reload();
  await expect(banner).toContainText(`Acting as ${appName}`);
  await expect(nairaBalance).toHaveText(formatMoney(amounts.merchantNet, 'NGN'));

  // Back to the merchant: none of it is the merchant's.
  await banner.getByRole('button', { name: `Back to ${merchant.businessName}` }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('current-profile').first()).toHaveText(merchant.businessName);
  await expect(nairaBalance).toHaveText(formatMoney(0, 'NGN'));
  await mainNav(page).getByRole('link', { name: 'Payment Link' }).click();
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();

  // The app's page still shows its own balance; with money, deleting it archives it, and it says so first.
  await page.goto(`/settings/apps/${appId}`);
  await expect(page.getByTestId('app-wallet-NGN')).toContainText(formatMoney(amounts.merchantNet, 'NGN'));
  await page.getByRole('button', { name: 'Archive app' }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${appName}?` });
  await expect(confirm).toContainText('will be archived, not erased');
  await confirm.getByRole('button', { name: 'Archive app' }).click();
  await expect(toast(page, 'App archived: it has money or history')).toBeVisible();
  await expect(page).toHaveURL(exactPath('/settings/apps'));
  // Archived, it stays listed while it holds money, so the merchant can still move that money out.
  const archived = page
    .getByRole('list', { name: 'Apps' })
    .getByRole('listitem')
    .filter({ hasText: appName });
  await expect(archived).toContainText('Archived');
  await expect(archived).toContainText(formatMoney(amounts.merchantNet, 'NGN'));
});

test('the profile switcher switches to an app and back', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const created = await request.post('/api/users/register?isApp=true', {
    headers: actingAs(merchant, merchant.userId),
    data: { name: 'Abuja Kiosk', description: 'Airport branch' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await openAs(page, merchant, '/dashboard/recents');

  await page.getByRole('button', { name: 'Switch profile' }).first().click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: merchant.businessName })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await menu.getByRole('menuitemradio', { name: 'Abuja Kiosk' }).click();
  await expect(page.getByTestId('acting-banner')).toContainText('Acting as Abuja Kiosk');
  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
  // A page load keeps the choice (this tab's session storage).
  await page.goto('/settings/apps');
  await expect(page.getByRole('list', { name: 'Apps' })).toBeVisible();
  await expect(page.getByTestId('acting-banner')).toContainText('Acting as Abuja Kiosk');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Switch profile' }).first().click();
  await expect(page.getByRole('menu').getByRole('menuitemradio', { name: 'Abuja Kiosk' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('menu').getByRole('menuitemradio', { name: merchant.businessName }).click();
  await expect(page.getByTestId('acting-banner')).toBeHidden();
});
