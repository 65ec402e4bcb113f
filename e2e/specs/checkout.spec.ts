import { randomUUID } from 'node:crypto';
import {
  checkoutAmounts,
  DEFAULT_FEE_SCHEDULE,
  formatMoney,
  type Product,
  parseMajorUnits,
} from '@bizdash/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, mainNav, saveScreenshot } from '../support/helpers';
import { patience } from '../support/patience';
import { mailboxUrl } from '../support/sandbox-mailbox';
import { expectNoHorizontalOverflow } from '../support/seeded-session';

// The customer's side of a payment link: pay by card (with or without an OTP), see the receipt or the failure,
// and the merchant sees the money arrive.
const CARDS = {
  approved: '4242 4242 4242 4242',
  otp: '5061 0000 0000 0005',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;
const SANDBOX_OTP = '123456';
const DECLINED = 'Your card was declined by your bank. Please use another card.';
const INSUFFICIENT_FUNDS = 'Your card has insufficient funds. Please use another card.';
const PAYMENT_URL = /\/pay\/[0-9a-f-]{36}\/payments\/[0-9a-f-]{36}$/;

const auth = (merchant: Merchant) => ({
  Authorization: `Bearer ${merchant.token}`,
  user_id: merchant.userId,
});

interface NewProduct {
  productName?: string;
  amount?: number;
  quantityAvailable?: number;
}

async function createProduct(request: APIRequestContext, merchant: Merchant, input: NewProduct = {}) {
  const response = await request.post('/api/products', {
    headers: auth(merchant),
    data: {
      productName: input.productName ?? `Adire scarf ${randomUUID().slice(0, 6)}`,
      description: 'Hand-dyed indigo cotton, made in Abeokuta.',
      amount: input.amount ?? 7_500_00,
      currency: 'NGN',
      quantityAvailable: input.quantityAvailable ?? 10,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/** Chromium logs an HTTP error status as a console error; a 4xx the test provokes on purpose is not a bug. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const expected = /^Failed to load resource: the server responded with a status of 4\d\d/;
    if (message.type() === 'error' && !expected.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A customer in a browser of their own: no merchant credentials, a fresh profile. */
async function openCustomerPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

async function fillCheckout(page: Page, card: string, { quantity = 1 }: { quantity?: number } = {}) {
  for (let step = 1; step < quantity; step++) {
    await page.getByRole('button', { name: 'Increase quantity' }).click();
  }
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(quantity));
  await page.getByLabel('Full name').fill('Tolu Adeyemi');
  await page.getByLabel('Email address').fill('tolu.adeyemi@example.com');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVV').fill('123');
}

/** What the default merchant (the fee on the merchant) charges and keeps for `quantity` units. */
function merchantPaysFee(unitAmount: number, quantity: number) {
  return checkoutAmounts({
    unitAmount,
    quantity,
    currency: 'NGN',
    rule: DEFAULT_FEE_SCHEDULE.NGN,
    bearer: 'MERCHANT',
  });
}

async function nairaBalance(page: Page): Promise<number> {
  const balance = page.getByTestId('wallet-card-NGN').getByTestId('available-balance');
  await expect(balance).toHaveText(/₦/);
  const minor = parseMajorUnits((await balance.textContent()) ?? '', 'NGN');
  if (minor === null) throw new Error('the NGN balance is not an amount');
  return minor;
}

async function payWithOtp(page: Page) {
  await expect(page.getByRole('heading', { name: 'Enter your one-time code' })).toBeVisible();
  await page.getByLabel('One-time code').fill(SANDBOX_OTP);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

test.describe('the journey', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a merchant shares a link, a customer pays it with an OTP card, and the dashboard shows the money without a reload', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(patience(60_000));
    const merchant = await createMerchant(request);
    const productName = `Aso-oke bundle ${randomUUID().slice(0, 6)}`;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The signed-in shell holds a live stream of change notices open (GET /api/events/stream) on every page.
    const liveStream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events/stream' && response.status() === 200,
    );
    await openAs(page, merchant, '/products');

    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('dialog', { name: 'Add product' });
    await form.getByLabel('Product name').fill(productName);
    await form.getByLabel('Description').fill('Three pieces of hand-woven aso-oke.');
    await form.getByLabel('Price').fill('12,500');
    await form.getByLabel('Currency').selectOption('NGN');
    await form.getByLabel('Quantity available').fill('5');
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(form).toBeHidden();

    await page.getByRole('button', { name: `Copy payment link for ${productName}` }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^https?:\/\/[^/]+\/pay\/[0-9a-f-]{36}$/);

    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await liveStream;
    const before = await nairaBalance(page);

    const customer = await openCustomerPage(browser, baseURL);
    const shop = customer.page;
    await shop.goto(link);
    await expect(shop.getByText(merchant.businessName)).toBeVisible();
    await expect(shop.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
    await expect(shop).toHaveTitle(`${productName} · ${merchant.businessName}`);
    const amounts = merchantPaysFee(12_500_00, 2);
    await fillCheckout(shop, CARDS.otp, { quantity: 2 });
    await expect(shop.getByTestId('amount-total')).toHaveText(formatMoney(amounts.customerTotal, 'NGN'));
    // The merchant covers the fee: the customer's fee line says none.
    await expect(shop.getByTestId('amount-fee')).toHaveText(formatMoney(0, 'NGN'));
    await expect(shop.getByText('Covered by the seller')).toBeVisible();
    await shop.getByRole('button', { name: `Pay ${formatMoney(amounts.customerTotal, 'NGN')}` }).click();

    await expect(shop).toHaveURL(PAYMENT_URL);
    await payWithOtp(shop);
    const reference = (await shop.getByTestId('payment-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^BZD-[A-Z0-9]{10}$/);
    await expect(shop.getByTestId('amount-paid')).toHaveText(formatMoney(amounts.customerTotal, 'NGN'));
    await expect(shop.getByText(`${productName} × 2`)).toBeVisible();
    // The receipt also went to the customer's email (the sandbox mailbox here).
    await shop.goto(mailboxUrl('tolu.adeyemi@example.com'));
    await expect(
      shop.getByTestId('mailbox-message').filter({ hasText: `Reference: ${reference}` }),
    ).toContainText(`Amount paid: ${formatMoney(amounts.customerTotal, 'NGN')}`);
    await customer.context.close();
    expect(customer.errors, 'errors logged in the customer page').toEqual([]);

    // The merchant's dashboard was left open: the pushed notice brings the sale in.
    const credit = page
      .getByTestId('transaction-row')
      .filter({ has: page.getByTestId('order-reference').getByText(reference, { exact: true }) })
      .filter({ has: page.locator('[data-testid="transaction-amount"][data-type="CREDIT"]') });
    await expect(credit).toBeVisible();
    await expect(credit.getByTestId('transaction-amount')).toHaveText(
      formatMoney(amounts.customerTotal, 'NGN'),
    );
    await expect(page.getByTestId('wallet-card-NGN').getByTestId('available-balance')).toHaveText(
      formatMoney(before + amounts.merchantNet, 'NGN'),
    );
  });
});

test.describe('card outcomes', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a declined card fails with its reason, and the merchant sees the failed payment', async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request);
    const product = await createProduct(request, merchant);
    await page.goto(product.paymentLink);
    await fillCheckout(page, CARDS.declined);
    await page.getByRole('button', { name: `Pay ${formatMoney(product.amount, 'NGN')}` }).click();

    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page.getByText(DECLINED)).toBeVisible();
    const reference = (await page.getByTestId('payment-reference').textContent())?.trim() ?? '';
    const paymentUrl = page.url();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    expect(page.url()).toBe(paymentUrl);

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(product.paymentLink);
    await expect(page.getByRole('heading', { name: product.productName, level: 1 })).toBeVisible();

    await openAs(page, merchant, '/transactions/failed');
    const row = page
      .getByTestId('transaction-row')
      .filter({ has: page.getByTestId('order-reference').getByText(reference, { exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('transaction-status')).toHaveText('failed');
    await expect(row.getByTestId('transaction-amount')).toHaveText(formatMoney(product.amount, 'NGN'));
  });

  test("a card without funds says so, and the browser's Back finds the form as it was filled in", async ({
    page,
    request,
  }) => {
    const product = await createProduct(request, await createMerchant(request));
    await page.goto(product.paymentLink);
    await fillCheckout(page, CARDS.insufficientFunds, { quantity: 2 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page.getByText(INSUFFICIENT_FUNDS)).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(product.paymentLink);
    await expect(page.getByLabel('Full name')).toHaveValue('Tolu Adeyemi');
    await expect(page.getByLabel('Email address')).toHaveValue('tolu.adeyemi@example.com');
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');
    // Never the card: it is typed again.
    await expect(page.getByLabel('Card number')).toHaveValue('');
  });

  test('"Use another card" at the code step cancels that payment at once, and the next card pays', async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request);
    const product = await createProduct(request, merchant);
    await page.goto(product.paymentLink);
    await fillCheckout(page, CARDS.otp);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Enter your one-time code' })).toBeVisible();
    await page.getByRole('button', { name: 'Use another card' }).click();
    await expect(page).toHaveURL(product.paymentLink);

    await fillCheckout(page, CARDS.approved);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

    // The merchant sees the left payment failed now, not pending for half an hour.
    await openAs(page, merchant, '/transactions/pending');
    await expect(page.getByRole('heading', { name: 'No pending transactions' })).toBeVisible();
    await openAs(page, merchant, '/transactions/failed');
    await expect(page.getByTestId('transaction-row')).toHaveCount(1);
    await expect(page.getByTestId('transaction-status')).toHaveText('failed');
  });

  test('a wrong code is refused under the box, survives a reload, and the right one succeeds', async ({
    page,
    request,
  }) => {
    const product = await createProduct(request, await createMerchant(request));
    await page.goto(product.paymentLink);
    await fillCheckout(page, CARDS.otp);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Enter your one-time code' })).toBeVisible();
    await expect(page.getByText('Sandbox: use 123456')).toBeVisible();

    await page.getByLabel('One-time code').fill('000000');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByText('That code is not correct. 2 attempts left.')).toBeVisible();

    await page.reload();
    await payWithOtp(page);
    await expect(page.getByTestId('amount-paid')).toHaveText(formatMoney(product.amount, 'NGN'));
  });
});

test('the page shows what is for sale before any script runs, then works as the app', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const merchant = await createMerchant(request);
  const productName = `Adire fabric ${randomUUID().slice(0, 6)}`;
  const product = await createProduct(request, merchant, { productName, amount: 7_500_00 });

  // The server draws the product into the page: with scripts off, the customer already sees it.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(product.paymentLink);
  await expect(still.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
  await expect(still.getByTestId('unit-price')).toHaveText(formatMoney(7_500_00, 'NGN'));
  await expect(still).toHaveTitle(`${productName} · ${merchant.businessName}`);
  await noScript.close();

  // With scripts the app takes the same page over: the quantity changes the total.
  await page.goto(product.paymentLink);
  await expect(page.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
  // The app has taken the server's page over once #root no longer says it is static (src/app/static-page.ts).
  await expect(page.locator('#root')).not.toHaveAttribute('data-static-page');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByTestId('amount-subtotal')).toHaveText(formatMoney(15_000_00, 'NGN'));
});

test.describe('links that cannot be paid', () => {
  test('a product with none left is sold out', async ({ page, request }) => {
    const product = await createProduct(request, await createMerchant(request), { quantityAvailable: 0 });
    await page.goto(product.paymentLink);
    await expect(page.getByRole('heading', { name: 'This product is sold out' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
  });

  test('a deleted product that had sales is no longer available', async ({ page, request }) => {
    const merchant = await createMerchant(request);
    const product = await createProduct(request, merchant);
    const paid = await request.post(`/api/checkout/products/${product.recordId}/payments`, {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        quantity: 1,
        customerName: 'Tolu Adeyemi',
        customerEmail: 'tolu.adeyemi@example.com',
        card: { number: CARDS.approved.replaceAll(' ', ''), expiry: '12/34', cvv: '123' },
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const deleted = await request.delete(`/api/products/${product.recordId}`, { headers: auth(merchant) });
    expect(await deleted.json()).toMatchObject({ outcome: 'ARCHIVED' });

    await page.goto(product.paymentLink);
    await expect(page.getByRole('heading', { name: 'This product is no longer available' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
  });

  test('an unknown link is not valid', async ({ page }) => {
    await page.goto(`/pay/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'This payment link is not valid.' })).toBeVisible();
  });
});

// Pictures for a person to review in test-results/screenshots/, each page also axe-checked.
test.describe('screenshots', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  });

  for (const { name, viewport } of [
    { name: 'desktop', viewport: { width: 1280, height: 800 } },
    { name: 'mobile', viewport: { width: 390, height: 844 } },
  ]) {
    test(`checkout at ${viewport.width} px`, async ({ page, request }, testInfo) => {
      await page.setViewportSize(viewport);
      const product = await createProduct(request, await createMerchant(request), {
        productName: 'Adire silk scarf',
      });
      await page.goto(product.paymentLink);
      await expect(page.getByRole('heading', { name: 'Adire silk scarf', level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, testInfo, `${name}-checkout`);

      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByText('Card number is required')).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-checkout-errors`);

      await fillCheckout(page, CARDS.approved, { quantity: 3 });
      await expect(page.getByTestId('card-brand')).toHaveText('Visa');
      await expect(page.getByText('Card number is required')).toHaveCount(0);
      await saveScreenshot(page, testInfo, `${name}-checkout-filled`);

      await page.getByText('Test cards').click();
      await expect(page.getByText('Code 123456, then approved')).toBeVisible();
      await saveScreenshot(page, testInfo, `${name}-checkout-test-cards`);
    });
  }

  test('OTP step, receipt and failure on a phone', async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const product = await createProduct(request, await createMerchant(request), {
      productName: 'Adire silk scarf',
    });
    await page.goto(product.paymentLink);
    await fillCheckout(page, CARDS.otp, { quantity: 2 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Enter your one-time code' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'mobile-checkout-otp');

    await payWithOtp(page);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'mobile-checkout-receipt');

    await page.goto(product.paymentLink);
    await fillCheckout(page, CARDS.declined);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'mobile-checkout-failed');
  });
});
