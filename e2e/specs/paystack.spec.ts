import type { Product } from '@bizdash/shared';
import { expect, test } from '@playwright/test';
import { sandboxAccountName } from '../../apps/api/src/providers/bank-directory/sandbox-bank-directory.ts';
import { createMerchant, openAs } from '../support/fixtures';
import { merchantHeaders } from '../support/funding';
import { saveScreenshot, toast } from '../support/helpers';
import { patience } from '../support/patience';
import { approveKyc, gtbNuban, listPayouts, nairaWallet, payOutFiveThousandNaira } from '../support/payouts';
import { PAYSTACK_SERVER } from '../support/paystack';
import { addNairaAccount } from '../support/settlement';

// The product served with Paystack as acquirer, bank directory and payout rail, against the stand-in
// (playwright.config.ts): the whole merchant journey of issue 24.
test.use({ baseURL: PAYSTACK_SERVER.baseURL, viewport: { width: 1280, height: 800 } });

test('with Paystack: a sale through the hosted page, part of it refunded, a Naira account named by Paystack, a payout its webhook settles', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(patience(150_000));
  const merchant = await createMerchant(request);
  const created = await request.post('/api/products', {
    headers: merchantHeaders(merchant),
    data: { productName: 'Adire silk scarf', amount: 2_000_000, currency: 'NGN', quantityAvailable: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Product;

  // The customer: no card on our page; Paystack's (the stand-in's) page takes it and sends them back.
  const customer = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await customer.goto(`/pay/${product.recordId}`);
  await customer.getByLabel('Full name').fill('Tolu Adeyemi', { timeout: patience(20_000) });
  await customer.getByLabel('Email address').fill('tolu.adeyemi@example.com');
  await expect(customer.getByLabel('Card number')).toHaveCount(0);
  await saveScreenshot(customer, testInfo, 'paystack-checkout-390');
  await customer.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(customer).toHaveURL(/127\.0\.0\.1:4320\/checkout\//);
  await saveScreenshot(customer, testInfo, 'paystack-hosted-page-390');
  await customer.getByRole('button', { name: 'Pay ₦20,000.00' }).click();
  await expect(customer).toHaveURL(new RegExp(`/pay/${product.recordId}/payments/`));
  await expect(customer.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: patience(20_000),
  });
  await saveScreenshot(customer, testInfo, 'paystack-return-390');
  // The same pages at desktop width: the form before the hand-over, and the receipt it came back to.
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await desktop.goto(`/pay/${product.recordId}`);
  await expect(desktop.getByTestId('hosted-checkout-note')).toBeVisible({ timeout: patience(20_000) });
  await saveScreenshot(desktop, testInfo, 'paystack-checkout-1280');
  await desktop.goto(customer.url());
  await expect(desktop.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await saveScreenshot(desktop, testInfo, 'paystack-return-1280');
  await desktop.close();
  await customer.close();

  // The merchant sees the sale on the dashboard.
  await openAs(page, merchant, '/dashboard/recents');
  await expect(
    page.getByTestId('transaction-row').filter({ hasText: 'Adire silk scarf' }).first(),
  ).toBeVisible({
    timeout: patience(20_000),
  });

  // Part of the sale back to the customer's card: a Paystack refund, settled by its refund.processed webhook.
  await page.getByTestId('transaction-row').filter({ hasText: 'Adire silk scarf' }).first().click();
  const details = page.getByRole('dialog', { name: 'Transaction Details' });
  await details.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  await refund.getByRole('radio', { name: 'Partial refund' }).check();
  await refund.getByLabel('Amount to refund (NGN)').fill('5,000');
  await refund.getByLabel('Reason').selectOption({ label: 'Requested by the customer' });
  await refund.getByRole('button', { name: 'Review refund' }).click();
  await refund.getByRole('button', { name: 'Refund ₦5,000.00' }).click();
  await expect(refund).toBeHidden();
  await expect(details.getByTestId('refund-row').getByTestId('refund-status')).toHaveText('Refunded', {
    timeout: patience(30_000),
  });
  await saveScreenshot(page, testInfo, 'paystack-refunded-1280', { fullPage: false });
  await page.keyboard.press('Escape');
  await approveKyc(request, merchant);

  // Paystack's account resolution names the holder (the stand-in answers as Paystack does: upper case).
  const accountNumber = gtbNuban('012345678');
  await page.goto('/settings/settlement-account');
  const { form, accountName } = await addNairaAccount(page, accountNumber);
  expect(accountName).toBe(sandboxAccountName(accountNumber).toUpperCase());
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(toast(page, 'Bank account added successfully')).toBeVisible();
  const before = (await nairaWallet(request, merchant)).availableBalance;

  await page.goto('/payouts/new');
  await payOutFiveThousandNaira(page, request, merchant);

  // The stand-in settles the transfer a second later and signs its webhook; the page follows by itself.
  await expect(page.getByRole('heading', { name: 'Payout sent' })).toBeVisible({ timeout: patience(20_000) });
  await expect(page.getByTestId('payout-status')).toHaveText('Successful');
  await saveScreenshot(page, testInfo, 'paystack-payout-sent');
  const [payout] = await listPayouts(request, merchant);
  expect(payout).toMatchObject({ status: 'SUCCESSFUL', amount: 500_000, fee: 1_000 });
  expect((await nairaWallet(request, merchant)).availableBalance).toBe(before - 501_000);
});
