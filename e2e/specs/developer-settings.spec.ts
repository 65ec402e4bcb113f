import { randomUUID } from 'node:crypto';
import type { Product, WebhookPayload } from '@bizdash/shared';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, saveScreenshot, toast } from '../support/helpers';
import { patience } from '../support/patience';
import { expectNoHorizontalOverflow } from '../support/seeded-session';
import { startWebhookReceiver, withKeyAndDeliveries } from '../support/webhook-receiver';

// Developer Settings end to end: a key that authenticates until it is deleted, and a webhook that arrives signed.
const APPROVED_CARD = '4242 4242 4242 4242';

const secretField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Shows a masked secret, reads it, and masks it again. */
async function reveal(page: Page, name: string): Promise<string> {
  const field = secretField(page, name);
  const toggle = page.getByRole('button', { name: `Show ${name}` });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const value = await field.inputValue();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(field).not.toHaveValue(value);
  return value;
}

async function createProduct(page: Page, merchant: Merchant): Promise<Product> {
  const response = await page.request.post('/api/products', {
    headers: { Authorization: `Bearer ${merchant.token}`, user_id: merchant.userId },
    data: {
      productName: `Adire scarf ${randomUUID().slice(0, 6)}`,
      description: 'Hand-dyed indigo cotton, made in Abeokuta.',
      amount: 7_500_00,
      currency: 'NGN',
      quantityAvailable: 10,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

test.describe('developer settings', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an API key: generated, shown, copied, used, deleted and refused', async ({ page, request }) => {
    const merchant = await createMerchant(request);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openAs(page, merchant, '/settings/developer-settings');
    await expect(page.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Generate new key' }).click();
    await expect(toast(page, 'New key generated successfully')).toBeVisible();

    const field = secretField(page, 'API key');
    await expect(field).toHaveValue(/^bzk_test_•{8}[A-Za-z0-9_-]{4}$/);
    const key = await reveal(page, 'API key');
    expect(key).toMatch(/^bzk_test_[A-Za-z0-9_-]{43,}$/);

    await page.getByRole('button', { name: 'Copy API key' }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const withKey = { headers: { Authorization: `Bearer ${key}` } };
    expect((await request.get('/api/wallets', withKey)).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('api-key-last-used')).not.toHaveText('Never');

    await page.getByRole('button', { name: 'Delete key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete API key?' });
    // Focus moves into the dialog (and Escape or Cancel would leave the key alone).
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Delete key' }).click();
    await expect(toast(page, 'Api key deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
    expect((await request.get('/api/wallets', withKey)).status()).toBe(401);
  });

  test('a webhook: a paid product arrives at the receiver signed, and shows in the delivery log', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(patience(60_000));
    const receiver = await startWebhookReceiver();
    try {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/settings/developer-settings');
      const url = page.getByRole('textbox', { name: 'Webhook URL' });
      await url.fill('not a url');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Invalid webhook URL')).toBeVisible();
      await url.fill(receiver.url);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Webhook updated successfully')).toBeVisible();
      const secret = await reveal(page, 'Signing secret');
      expect(secret).toMatch(/^whsec_/);
      await expect(page.getByRole('heading', { name: 'No deliveries yet' })).toBeVisible();

      // A customer pays one of the merchant's products at its checkout page.
      const product = await createProduct(page, merchant);
      const customer = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      await customer.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
      const shop = await customer.newPage();
      await shop.goto(product.paymentLink);
      await shop.getByLabel('Full name').fill('Tolu Adeyemi');
      await shop.getByLabel('Email address').fill('tolu.adeyemi@example.com');
      await shop.getByLabel('Card number').fill(APPROVED_CARD);
      await shop.getByLabel('Expiry (MM/YY)').fill('12/34');
      await shop.getByLabel('CVV').fill('123');
      await shop.getByRole('button', { name: /^Pay / }).click();
      await expect(shop.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
      await customer.close();

      await expect.poll(() => receiver.received.length, { timeout: patience(20_000) }).toBeGreaterThan(0);
      const [delivery] = receiver.received;
      if (!delivery) throw new Error('no delivery');
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
          name,
          String(delivery.headers[name]),
        ]),
      );
      const payload = new Webhook(secret).verify(delivery.body, headers) as WebhookPayload;
      expect(payload.type).toBe('payment.succeeded');
      expect(payload.data).toMatchObject({ productId: product.recordId });

      const row = page.getByTestId('delivery-row').filter({ hasText: 'payment.succeeded' });
      await expect(row).toBeVisible({ timeout: patience(15_000) });
      await expect(row).toHaveAttribute('data-delivery-id', headers['webhook-id'] ?? '');
      await expect(row.getByTestId('delivery-status')).toHaveText('Succeeded');
      await expect(row.getByTestId('delivery-response-code')).toHaveText('HTTP 200');
      await expect(row.getByTestId('delivery-response-body')).toHaveText('ok');
      await expectNoSeriousA11yViolations(page);

      // Resend: the same webhook-id again.
      await row.getByRole('button', { name: /^Resend payment\.succeeded/ }).click();
      await expect(toast(page, 'Delivery sent again')).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: patience(15_000) }).toBe(2);
      expect(receiver.received[1]?.headers['webhook-id']).toBe(headers['webhook-id']);
    } finally {
      await receiver.close();
    }
  });

  test('the signing secret: rolled from the page, old and new both verify during the overlap; a test event of a chosen type arrives and shows in the log', async ({
    page,
    request,
  }) => {
    test.setTimeout(patience(60_000));
    const receiver = await startWebhookReceiver();
    try {
      const merchant = await createMerchant(request);
      await openAs(page, merchant, '/settings/developer-settings');
      await page.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Webhook updated successfully')).toBeVisible();
      const overlap = page.getByText(/^The previous secret also signs until /);
      await expect(overlap).toBeHidden();
      const oldSecret = await reveal(page, 'Signing secret');
      expect(oldSecret).toMatch(/^whsec_/);

      // Roll it: a confirmation first, then a new secret, and a note that the old one still signs for a while.
      await page.getByRole('button', { name: 'Roll secret' }).click();
      const dialog = page.getByRole('dialog', { name: 'Roll the signing secret?' });
      await expect(dialog).toContainText('the old secret signs them too');
      await dialog.getByRole('button', { name: 'Roll secret' }).click();
      await expect(toast(page, 'Signing secret rolled')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(overlap).toBeVisible();
      const field = secretField(page, 'Signing secret');
      await expect(field).toHaveValue(/^whsec_•{8}.{4}$/);
      await expect(field).not.toHaveValue(`whsec_${'•'.repeat(8)}${oldSecret.slice(-4)}`);
      const newSecret = await reveal(page, 'Signing secret');
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(oldSecret);

      // A test event of a type other than the first in the list, sent from the page.
      const eventType = page.getByRole('combobox', { name: 'Test event' });
      await expect(eventType).toHaveValue('payment.succeeded');
      await eventType.selectOption('payout.failed');
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(toast(page, 'Test event sent')).toBeVisible();

      // The receiver gets it with two signatures: one by the new secret, one by the old (the overlap).
      await expect.poll(() => receiver.received.length, { timeout: patience(20_000) }).toBe(1);
      const [delivery] = receiver.received;
      if (!delivery) throw new Error('no delivery');
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
          name,
          String(delivery.headers[name]),
        ]),
      );
      expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
      const payload = new Webhook(newSecret).verify(delivery.body, headers) as WebhookPayload;
      expect(payload.type).toBe('payout.failed');
      expect(new Webhook(oldSecret).verify(delivery.body, headers)).toEqual(payload);

      // The log shows it, marked as a test, answered 2xx (Refresh, then the log follows it until it settles).
      await page.getByRole('button', { name: 'Refresh deliveries' }).click();
      const row = page.getByTestId('delivery-row').filter({ hasText: 'payout.failed' });
      await expect(row).toHaveCount(1, { timeout: patience(15_000) });
      await expect(row).toHaveAttribute('data-delivery-id', headers['webhook-id'] ?? '');
      await expect(row.getByTestId('delivery-event')).toHaveText('payout.failed');
      await expect(row.getByText('Test', { exact: true })).toBeVisible();
      await expect(row.getByTestId('delivery-status')).toHaveText('Succeeded', { timeout: patience(15_000) });
      await expect(row.getByTestId('delivery-response-code')).toHaveText(/^HTTP 2\d\d$/);
      await expect(page.getByTestId('delivery-row')).toHaveCount(1);

      // Its history: the one attempt, when, how long, and the answer.
      await row.getByRole('button', { name: /^1 attempt of payout\.failed/ }).click();
      const history = page.getByRole('dialog', { name: 'Delivery attempts' });
      await expect(history).toContainText(`payout.failed · ${headers['webhook-id']}`);
      const attempts = history.getByTestId('delivery-attempt');
      await expect(attempts).toHaveCount(1);
      await expect(attempts).toContainText(/^Attempt 1.+\d+ ms/);
      await expect(attempts.getByTestId('delivery-response-code')).toHaveText(/^HTTP 2\d\d$/);
      await page.keyboard.press('Escape');
      await expect(history).toBeHidden();
    } finally {
      await receiver.close();
    }
  });

  test('keyboard: the generate dialog traps focus, Escape closes it and focus returns to its button', async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/settings/developer-settings');
    await page.getByRole('button', { name: 'Generate new key' }).click();
    await expect(toast(page, 'New key generated successfully')).toBeVisible();
    const generate = page.getByRole('button', { name: 'Generate new key' });
    await generate.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Generate a new API key?' });
    await expect(dialog).toContainText(/keeps working for 24 hours, until/);
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(generate).toBeFocused();
  });
});

test.describe('developer settings at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('deliveries are cards, nothing scrolls sideways, and no serious accessibility violations', async ({
    page,
    request,
  }) => {
    const receiver = await startWebhookReceiver();
    try {
      const merchant = await createMerchant(request);
      await withKeyAndDeliveries(request, merchant, receiver, ['payment.succeeded', 'payout.created']);
      await openAs(page, merchant, '/settings/developer-settings');
      await expect(
        page.getByRole('list', { name: 'Webhook deliveries' }).getByTestId('delivery-row'),
      ).toHaveCount(2);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: /^1 attempt of payout\.created/ }).click();
      await expect(
        page.getByRole('dialog', { name: 'Delivery attempts' }).getByTestId('delivery-attempt'),
      ).toHaveCount(1);
      await expectNoHorizontalOverflow(page);
      await saveScreenshot(page, test.info(), 'developer-delivery-attempts-390', { fullPage: false });
    } finally {
      await receiver.close();
    }
  });
});
