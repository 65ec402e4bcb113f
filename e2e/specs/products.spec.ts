import { randomUUID } from 'node:crypto';
import { formatMoney, type Product, type ProductInput } from '@bizdash/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, saveScreenshot, toast } from '../support/helpers';

test.use({ viewport: { width: 1280, height: 800 } });

function authHeaders(merchant: Merchant) {
  return { Authorization: `Bearer ${merchant.token}`, user_id: merchant.userId };
}

async function createProduct(
  request: APIRequestContext,
  merchant: Merchant,
  input: Partial<ProductInput> = {},
): Promise<Product> {
  const response = await request.post('/api/products', {
    headers: authHeaders(merchant),
    data: {
      productName: 'Ankara fabric bundle',
      amount: 2_500_000,
      currency: 'NGN',
      quantityAvailable: 12,
      ...input,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

async function listProducts(request: APIRequestContext, merchant: Merchant): Promise<Product[]> {
  const response = await request.get('/api/products', { headers: authHeaders(merchant) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: Product[] }).items;
}

/** A customer pays through the public checkout, as they would from the payment link. */
async function payFor(request: APIRequestContext, product: Product) {
  const response = await request.post(`/api/checkout/products/${product.recordId}/payments`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      quantity: 1,
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      card: { number: '4242424242424242', expiry: '12/30', cvv: '123' },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

function productRow(page: Page, productName: string) {
  return page.getByTestId('product-row').filter({ hasText: productName });
}

test('a merchant without products is invited to add the first one', async ({ page, request }) => {
  await openAs(page, await createMerchant(request), '/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add product' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByRole('dialog', { name: 'Add product' })).toBeVisible();
});

test('creates a product through the form, then edits it', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/products');
  await page.getByRole('button', { name: 'Add product' }).click();
  const form = page.getByRole('dialog', { name: 'Add product' });

  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(form.getByText('Product name is required')).toBeVisible();
  await expect(form.getByText('Price is required')).toBeVisible();
  await expect(form.getByLabel('Currency')).toHaveValue('NGN');

  await form.getByLabel('Product name').fill('Adire tie-dye scarf');
  await form.getByLabel('Description').fill('Hand-dyed in Abeokuta.');
  await form.getByLabel('Price').fill('2,500.50');
  await form.getByLabel('Quantity available').fill('40');
  await form.getByRole('button', { name: 'Create product' }).click();

  await expect(toast(page, 'Product created successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const row = productRow(page, 'Adire tie-dye scarf');
  await expect(row.getByTestId('product-price')).toHaveText('₦2,500.50');
  await expect(row.getByTestId('product-status')).toHaveText('Active');
  await expect(row).toContainText('40');
  const [stored] = await listProducts(request, merchant);
  expect(stored).toMatchObject({ productName: 'Adire tie-dye scarf', amount: 250_050, currency: 'NGN' });

  await page.getByRole('button', { name: 'Edit Adire tie-dye scarf' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit product' });
  await expect(edit.getByLabel('Price')).toHaveValue('2500.50');
  await edit.getByLabel('Price').fill('30');
  await edit.getByLabel('Currency').selectOption({ label: 'Dollars ($)' });
  await edit.getByLabel('Quantity available').fill('0');
  await edit.getByRole('button', { name: 'Save changes' }).click();

  await expect(toast(page, 'Product updated successfully')).toBeVisible();
  await expect(row.getByTestId('product-price')).toHaveText(formatMoney(3_000, 'USD'));
  await expect(row.getByTestId('product-status')).toHaveText('Sold out');
});

test.describe('payment links', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('copies the payment link of a product', async ({ page, request }) => {
    const merchant = await createMerchant(request);
    const product = await createProduct(request, merchant);
    await openAs(page, merchant, '/products');

    await page.getByRole('button', { name: `Copy payment link for ${product.productName}` }).click();
    await expect(toast(page, 'Copied payment link successfully')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(product.paymentLink);
    expect(copied.endsWith(`/pay/${product.recordId}`)).toBe(true);
  });
});

test('deleting asks first: Cancel keeps the product, confirming removes it', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const product = await createProduct(request, merchant, { productName: 'Kente table runner' });
  await openAs(page, merchant, '/products');
  const row = productRow(page, 'Kente table runner');
  await expect(row).toBeVisible();

  await page.getByRole('button', { name: 'Delete Kente table runner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete product?' });
  await expect(dialog).toContainText('deleted permanently');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  expect(await listProducts(request, merchant)).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete Kente table runner' }).click();
  await dialog.getByRole('button', { name: 'Delete product' }).click();
  await expect(toast(page, 'Product deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  const gone = await request.get(`/api/products/${product.recordId}`, { headers: authHeaders(merchant) });
  expect(gone.status()).toBe(404);
});

test('a product with a payment is archived instead of deleted', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const product = await createProduct(request, merchant, { productName: 'Beaded coral necklace' });
  await payFor(request, product);
  await openAs(page, merchant, '/products');

  await page.getByRole('button', { name: 'Delete Beaded coral necklace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete product?' });
  await expect(dialog).toContainText('has payments, so it will be archived');
  await expect(dialog.getByRole('button', { name: 'Delete product' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Archive product' }).click();

  await expect(toast(page, 'Product archived successfully')).toBeVisible();
  const row = productRow(page, 'Beaded coral necklace');
  await expect(row.getByTestId('product-status')).toHaveText('Archived');
  await expect(
    row.getByRole('button', { name: 'Copy payment link for Beaded coral necklace' }),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit Beaded coral necklace' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete Beaded coral necklace' })).toHaveCount(0);
  const link = await request.get(`/api/checkout/products/${product.recordId}`);
  expect(((await link.json()) as { availability: string }).availability).toBe('ARCHIVED');
});

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`screenshots ${name} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('products page, product form and delete dialog', async ({ page, request }, testInfo) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/products');
      await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-products-empty`);

      const sold = await createProduct(request, merchant, {
        productName: 'Hand-woven Aso Oke wedding set with matching gele and fila',
        amount: 18_500_000,
        quantityAvailable: 3,
      });
      await payFor(request, sold);
      await createProduct(request, merchant, {
        productName: 'Shea butter, 500 g',
        amount: 1_999,
        currency: 'USD',
      });
      await createProduct(request, merchant, { productName: 'Adire tie-dye scarf', quantityAvailable: 0 });
      const archived = await request.delete(`/api/products/${sold.recordId}`, {
        headers: authHeaders(merchant),
      });
      expect(archived.status()).toBe(200);
      await page.reload();
      await expect(page.getByTestId('product-row')).toHaveCount(3);
      await saveScreenshot(page, testInfo, `${name}-products`);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Add product' }).click();
      const form = page.getByRole('dialog', { name: 'Add product' });
      await form.getByRole('button', { name: 'Create product' }).click();
      await expect(form.getByText('Product name is required')).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-product-form`, { fullPage: false });

      await form.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Delete Shea butter, 500 g' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete product?' })).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-delete-product`, { fullPage: false });
    });
  });
}
