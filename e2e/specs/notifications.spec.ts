import { randomUUID } from 'node:crypto';
import { formatMoney, type Product } from '@bizdash/shared';
import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { saveScreenshot, toast } from '../support/helpers';
import { patience } from '../support/patience';

test.describe('notifications', () => {
  test('with incoming payments on, a card payment on the checkout rings the bell without a reload', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(patience(60_000));
    const merchant = await createMerchant(request);
    const response = await request.post('/api/products', {
      headers: { Authorization: `Bearer ${merchant.token}`, user_id: merchant.userId },
      data: {
        productName: `Kente stole ${randomUUID().slice(0, 6)}`,
        description: 'Hand-woven in Bonwire.',
        amount: 12_000_00,
        currency: 'NGN',
        quantityAvailable: 5,
      },
    });
    expect(response.status()).toBe(201);
    const product = (await response.json()) as Product;

    await openAs(page, merchant, '/settings/notifications');
    const incoming = page.getByRole('checkbox', { name: /^Incoming payments/ });
    await expect(incoming).not.toBeChecked();
    await incoming.check({ force: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Notification settings updated successfully')).toBeVisible();
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    // The customer pays in a browser of their own while the merchant's page stays open.
    const customer = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    await customer.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
    const checkout = await customer.newPage();
    await checkout.goto(product.paymentLink);
    await checkout.getByLabel('Full name').fill('Kofi Mensah');
    await checkout.getByLabel('Email address').fill('kofi.mensah@example.com');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('CVV').fill('123');
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await customer.close();

    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: patience(15_000) });
    await bell.click();
    const item = page.getByTestId('notification-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Payment received');
    await expect(item).toContainText(`Kofi Mensah paid ${formatMoney(product.amount, 'NGN')}`);
    await saveScreenshot(page, testInfo, 'notifications-bell-1280', { fullPage: false });

    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, testInfo, 'notifications-bell-390', { fullPage: false });
    await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Notifications');
  });
});
