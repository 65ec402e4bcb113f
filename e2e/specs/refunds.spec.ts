import { randomUUID } from 'node:crypto';
import { formatMoney, parseMajorUnits, type RefundPage } from '@bizdash/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { customerPays, fundNaira, merchantHeaders, paymentCredit } from '../support/funding';
import { mainNav, saveScreenshot } from '../support/helpers';
import { patience } from '../support/patience';
import { expectNoHorizontalOverflow } from '../support/seeded-session';

// Money back (issue 22 §1): a customer pays by card, the merchant refunds part of it from the payment's detail and
// then the rest; the wallet and the transactions list follow without a reload.

const PRICE = 12_500_00;
const FIRST_REFUND = 5_000_00;

/** A customer pays a product of the merchant's through the public checkout with the sandbox's approved card. */
async function customerPaysFor(request: APIRequestContext, merchant: Merchant, productName: string) {
  const payment = await customerPays(request, merchant, { price: PRICE, currency: 'NGN', productName });
  const credit = await paymentCredit(request, merchant, payment.reference);
  return { payment, creditId: credit.id };
}

async function refundsOf(request: APIRequestContext, merchant: Merchant, creditId: string) {
  const response = await request.get('/api/refunds', {
    headers: merchantHeaders(merchant),
    params: { transactionId: creditId },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as RefundPage).items;
}

async function nairaBalance(page: Page): Promise<number> {
  const balance = page.getByTestId('wallet-card-NGN').getByTestId('available-balance');
  await expect(balance).toHaveText(/₦/);
  const minor = parseMajorUnits((await balance.textContent()) ?? '', 'NGN');
  if (minor === null) throw new Error('the NGN balance is not an amount');
  return minor;
}

const row = (page: Page, transactionId: string) =>
  page.locator(`[data-testid="transaction-row"][data-transaction-id="${transactionId}"]`);

async function openDetails(page: Page, transactionId: string): Promise<Locator> {
  await row(page, transactionId).click();
  const details = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(details.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  return details;
}

test.describe('refunds', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a merchant refunds part of a card payment, then the rest, and the wallet and transactions follow without a reload', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(patience(90_000));
    const merchant = await createMerchant(request);
    // An earlier sale: the wallet holds more than this payment left in it (its card fee is not given back).
    await fundNaira(request, merchant, 5_000_00);
    const productName = `Adire scarf ${randomUUID().slice(0, 6)}`;
    const { payment, creditId } = await customerPaysFor(request, merchant, productName);
    const money = (minor: number) => formatMoney(minor, 'NGN');

    const liveStream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events/stream' && response.status() === 200,
    );
    await openAs(page, merchant, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await liveStream;
    const before = await nairaBalance(page);

    // Part of it, from the payment's detail.
    let details = await openDetails(page, creditId);
    await expect(details.getByTestId('payment-refund-summary')).toContainText('None yet.');
    await details.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByRole('radio', { name: 'Partial refund' }).check();
    await expect(dialog.getByRole('checkbox', { name: 'Put the items back in stock' })).toBeDisabled();
    await dialog.getByLabel('Amount to refund (NGN)').fill('5,000');
    await dialog.getByLabel('Reason').selectOption({ label: 'Requested by the customer' });
    await dialog.getByLabel('Note to the customer').fill('Half of the order was returned. Thank you!');
    await saveScreenshot(page, testInfo, 'refund-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(dialog.getByTestId('refund-confirm-sentence')).toHaveText(
      `${money(FIRST_REFUND)} will leave your Naira wallet. The card fee of ${money(payment.fee)} is not refunded.`,
    );
    await saveScreenshot(page, testInfo, 'refund-confirm-1280', { fullPage: false });
    await dialog.getByRole('button', { name: `Refund ${money(FIRST_REFUND)}` }).click();
    // The payment's detail stays open (a modal hides the rest of the page from the accessibility tree), so the
    // toast is found by its text.
    await expect(
      page.getByText(`Refund of ${money(FIRST_REFUND)} on its way to the customer's card`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(details.getByTestId('payment-refund-state')).toHaveText('Partially refunded');
    await expect(details.getByTestId('payment-refund-summary')).toHaveText(
      `${money(FIRST_REFUND)} refunded, ${money(PRICE - FIRST_REFUND)} left to refund`,
    );
    const refundRow = details.getByTestId('refund-row');
    await expect(refundRow.getByTestId('refund-amount')).toHaveText(money(FIRST_REFUND));
    // The sandbox card network answers within seconds.
    await expect(refundRow.getByTestId('refund-status')).toHaveText('Refunded', {
      timeout: patience(30_000),
    });
    await saveScreenshot(page, testInfo, 'payment-detail-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Exactly the refund left the wallet; its DEBIT is in the list, linked to the payment.
    await expect(page.getByTestId('wallet-card-NGN').getByTestId('available-balance')).toHaveText(
      money(before - FIRST_REFUND),
    );
    const [first] = await refundsOf(request, merchant, creditId);
    if (!first) throw new Error('the refund is not listed');
    await mainNav(page).getByRole('link', { name: 'Transactions' }).click();
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
    const debit = row(page, first.transactionId);
    // The list cuts names at 20 characters; the whole description is the name's title.
    await expect(debit.locator(`[title="Refund: ${productName}"]`)).toBeVisible();
    await expect(debit.getByTestId('transaction-amount')).toHaveAttribute('data-type', 'DEBIT');
    await expect(debit.getByTestId('transaction-amount')).toHaveText(`-${money(FIRST_REFUND)}`);
    await debit.click();
    details = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(details.getByTestId('detail-refund-of')).toContainText(payment.reference);
    await page.keyboard.press('Escape');

    // The rest, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    details = await openDetails(page, creditId);
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'payment-detail-390', { fullPage: false });
    await details.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByTestId('refund-mode-full')).toContainText(money(PRICE - FIRST_REFUND));
    await dialog.getByLabel('Reason').selectOption({ label: 'Other' });
    await dialog.getByRole('checkbox', { name: 'Put the items back in stock' }).check();
    await saveScreenshot(page, testInfo, 'refund-dialog-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(dialog.getByTestId('refund-confirm-sentence')).toHaveText(
      `${money(PRICE - FIRST_REFUND)} will leave your Naira wallet. The card fee of ${money(payment.fee)} is not refunded.`,
    );
    await saveScreenshot(page, testInfo, 'refund-confirm-390', { fullPage: false });
    await dialog.getByRole('button', { name: `Refund ${money(PRICE - FIRST_REFUND)}` }).click();
    await expect(dialog).toBeHidden();
    await expect(details.getByTestId('payment-refund-state')).toHaveText('Refunded');
    await expect(details.getByRole('button', { name: 'Refund', exact: true })).toBeHidden();
    await expect(details.getByTestId('refund-row')).toHaveCount(2);
    await saveScreenshot(page, testInfo, 'payment-refunded-390', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1280, height: 900 });
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('wallet-card-NGN').getByTestId('available-balance')).toHaveText(
      money(before - PRICE),
    );
  });
});
