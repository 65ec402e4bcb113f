import { randomUUID } from 'node:crypto';
import { formatMoney } from '@bizdash/shared';
import type { APIRequestContext } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { customerPays, fundNaira, merchantHeaders, paymentCredit } from '../support/funding';
import { mainNav, saveScreenshot } from '../support/helpers';
import { patience } from '../support/patience';
import { expectNoHorizontalOverflow } from '../support/seeded-session';

// The customers behind the payments (issue 22 §3): a customer pays through the checkout, twice in naira and once
// in dollars, with their email typed differently; the merchant finds them by email on the Customers page and opens
// them: one customer, what they spent per currency, their payments and the refund of one.

/** Refunds `amount` of a payment. */
async function refundPart(request: APIRequestContext, merchant: Merchant, reference: string, amount: number) {
  const credit = await paymentCredit(request, merchant, reference);
  const refunded = await request.post('/api/refunds', {
    headers: { ...merchantHeaders(merchant), 'Idempotency-Key': randomUUID() },
    data: { transactionId: credit.id, amount, reason: 'requested_by_customer' },
  });
  expect(refunded.status(), await refunded.text()).toBe(201);
}

test.describe('customers', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a merchant finds a customer by email and sees what they spent, their payments and refunds', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(patience(90_000));
    const merchant = await createMerchant(request);
    await fundNaira(request, merchant, 5_000_00);
    const unique = randomUUID().slice(0, 6);
    const email = `ngozi.${unique}@example.com`;
    const first = await customerPays(request, merchant, {
      customer: { name: 'Ngozi A', email },
      price: 12_500_00,
      currency: 'NGN',
      productName: 'Ankara tote NGN',
    });
    const second = await customerPays(request, merchant, {
      customer: { name: 'Ngozi Okafor', email: email.toUpperCase() },
      price: 7_500_00,
      currency: 'NGN',
      productName: 'Ankara tote NGN',
    });
    const dollars = await customerPays(request, merchant, {
      customer: { name: 'Ngozi Okafor', email },
      price: 45_00,
      currency: 'USD',
      productName: 'Ankara tote USD',
    });
    await refundPart(request, merchant, first.reference, 2_000_00);

    await openAs(page, merchant, '/dashboard');
    await mainNav(page).getByRole('link', { name: 'Customers' }).click();
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    // Tolu, who paid the sale that funded the wallet, is a customer too.
    await expect(page.getByTestId('customer-row')).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search' }).fill(email.toUpperCase());
    await expect(page.getByTestId('customer-row')).toHaveCount(1);
    const row = page.getByTestId('customer-row');
    await expect(row).toContainText('Ngozi Okafor');
    await expect(row).toContainText(email);
    await expect(row.getByTestId('customer-total-spent')).toHaveText(
      `${formatMoney(first.total + second.total, 'NGN')}${formatMoney(dollars.total, 'USD')}`,
    );
    await page.getByRole('button', { name: 'Total spent' }).click();
    await expect(page).toHaveURL(/sort=total_spent/);
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'customers-1280');

    await row.getByRole('link', { name: 'Ngozi Okafor' }).click();
    await expect(page.getByRole('heading', { name: 'Ngozi Okafor', level: 1 })).toBeVisible();
    await expect(page.getByTestId('customer-email')).toHaveText(email);
    await expect(page.getByTestId('customer-payment')).toHaveCount(3);
    await expect(page.getByTestId('customer-payment').first()).toContainText(
      formatMoney(dollars.total, 'USD'),
    );
    const refund = page.getByTestId('customer-refund');
    await expect(refund).toContainText(formatMoney(2_000_00, 'NGN'));
    await expect(refund).toContainText(first.reference);
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'customer-1280');

    // From a payment's details in the transactions list, its customer is one click away.
    const secondCredit = await paymentCredit(request, merchant, second.reference);
    await mainNav(page).getByRole('link', { name: 'Transactions' }).click();
    await page.locator(`[data-testid="transaction-row"][data-transaction-id="${secondCredit.id}"]`).click();
    const details = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(details.getByTestId('payment-customer')).toContainText('Ngozi Okafor');
    await saveScreenshot(page, testInfo, 'payment-customer-1280', { fullPage: false });
    await details.getByTestId('payment-customer').click();
    await expect(page.getByRole('heading', { name: 'Ngozi Okafor', level: 1 })).toBeVisible();
    await expect(details).toBeHidden();

    // On a phone: the list becomes cards, the customer's page one column.
    await page.setViewportSize({ width: 390, height: 844 });
    // The shell has switched to the phone's menu: the page has laid itself out again.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(async () => expectNoHorizontalOverflow(page)).toPass();
    await saveScreenshot(page, testInfo, 'customer-390');
    await page.getByRole('link', { name: 'Customers', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await expect(page.getByTestId('customer-row')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Customers' })).toBeHidden();
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'customers-390');
  });
});
