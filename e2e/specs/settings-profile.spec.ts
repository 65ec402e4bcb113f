import { randomUUID } from 'node:crypto';
import { formatMoney, type Product } from '@bizdash/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { saveScreenshot, toast } from '../support/helpers';

// Settings > User Profile and Company Details as a merchant uses them, down to what the customer pays.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const DESCRIPTION = 'Hand-dyed adire fabrics, made to order in Abeokuta.';

async function createProduct(request: APIRequestContext, merchant: Merchant) {
  const response = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${merchant.token}`, user_id: merchant.userId },
    data: {
      productName: `Adire scarf ${randomUUID().slice(0, 6)}`,
      amount: 10_000_00,
      currency: 'NGN',
      quantityAvailable: 10,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

async function checkoutTotal(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByTestId('amount-subtotal')).toHaveText(formatMoney(10_000_00, 'NGN'));
  return {
    fee: await page.getByTestId('amount-fee').textContent(),
    total: await page.getByTestId('amount-total').textContent(),
  };
}

test('edits the profile and photo; the top bar shows the new name and photo', async ({
  page,
  request,
}, testInfo) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/settings');
  const firstName = page.getByLabel('First Name');
  await expect(firstName).toHaveValue(merchant.firstName);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');

  await firstName.fill('A');
  await firstName.blur();
  await expect(page.getByText('Must be at least 2 characters long')).toBeVisible();
  await firstName.fill('Adaeze');
  await page.getByLabel('Phone Number').fill('0803 555 0100');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('user-full-name')).toHaveText(`Adaeze ${merchant.lastName}`);

  await page
    .getByTestId('profile-photo-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(toast(page, 'Profile image updated successfully')).toBeVisible();
  const avatar = page.getByTestId('avatar-link').locator('img');
  await expect(avatar).toHaveAttribute('src', /\/api\/files\//);
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  await page
    .getByTestId('profile-photo-input')
    .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: PNG_1X1 });
  await expect(toast(page, 'Please select a valid image')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Adaeze');
  await expect(page.getByLabel('Phone Number')).toHaveValue('08035550100');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, testInfo, `settings-profile-${width}`);
  }
});

test('company details: validation, cancel, save, logo upload, and the fee choice changes the checkout total', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const merchant = await createMerchant(request);
  const product = await createProduct(request, merchant);
  const customer = await (await browser.newContext()).newPage();
  const before = await checkoutTotal(customer, product.paymentLink);
  expect(before.fee).toBe(formatMoney(0, 'NGN'));

  await openAs(page, merchant, '/settings/company-details');
  await expect(page.getByLabel('Company Name')).toBeDisabled();
  await expect(page.getByLabel('Company Name')).toHaveValue(merchant.businessName);
  await expect(page.getByLabel('Country of Business')).toBeDisabled();

  const description = page.getByLabel('Description of Business');
  await description.fill('Too short');
  await description.blur();
  await expect(page.getByText('Must be at least 10 characters long')).toBeVisible();
  await expect(page.getByText('Charge Checkout Fee is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(description).toHaveValue('');

  await description.fill(DESCRIPTION);
  await page.getByLabel('Let customer pay fee').selectOption('Yes');
  await page
    .getByTestId('checkout-logo-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByLabel('Checkout Logo URL')).toHaveValue(/\/api\/files\//);
  await expect(page.getByRole('img', { name: 'Checkout logo' })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, testInfo, `settings-company-details-${width}`);
  }
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Company details updated successfully')).toBeVisible();

  const after = await checkoutTotal(customer, product.paymentLink);
  expect(after.fee).not.toBe(formatMoney(0, 'NGN'));
  expect(after.total).not.toBe(before.total);
  await expect(customer.getByTestId('merchant-identity').locator('img')).toHaveAttribute(
    'src',
    /\/api\/files\//,
  );

  await page.reload();
  await expect(page.getByLabel('Description of Business')).toHaveValue(DESCRIPTION);
  await page.getByLabel('Let customer pay fee').selectOption('No');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Company details updated successfully')).toBeVisible();
  expect((await checkoutTotal(customer, product.paymentLink)).total).toBe(before.total);
});
