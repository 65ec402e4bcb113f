import { randomUUID } from 'node:crypto';
import { type DisputePage, formatMoney } from '@bizdash/shared';
import type { APIRequestContext } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { customerPays, fundNaira, merchantHeaders } from '../support/funding';
import { mainNav, saveScreenshot } from '../support/helpers';
import { patience } from '../support/patience';
import { expectNoHorizontalOverflow, walletsApi } from '../support/seeded-session';

// A chargeback (issue 22 §2): a customer pays with the sandbox card the network disputes (4000 0000 0000 0259); the
// merchant sees the sidebar badge, opens the dispute, uploads a receipt, explains with winning evidence and
// submits; the network decides and the held amount is back in the wallet, all without a reload. The spec's server
// disputes after 3 s and decides evidence after 3 s (playwright.config.ts).

const PRICE = 18_000_00;

/** A customer pays a new product of the merchant's through the public checkout with the card that gets disputed. */
const customerPaysWithDisputedCard = (request: APIRequestContext, merchant: Merchant) =>
  customerPays(request, merchant, {
    price: PRICE,
    currency: 'NGN',
    productName: `Beaded bag ${randomUUID().slice(0, 6)}`,
    customer: { name: 'Ngozi Okeke', email: 'ngozi.okeke@example.com' },
    card: '4000000000000259',
  });

async function disputesOf(request: APIRequestContext, merchant: Merchant) {
  const response = await request.get('/api/disputes', { headers: merchantHeaders(merchant) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DisputePage;
}

/** A small PDF: the upload route checks the bytes, not the name. */
const RECEIPT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

test.describe('disputes', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a merchant answers a chargeback with evidence and wins it, the wallet following without a reload', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(patience(120_000));
    const merchant = await createMerchant(request);
    await fundNaira(request, merchant, 5_000_00);
    const money = (minor: number) => formatMoney(minor, 'NGN');

    const liveStream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events/stream' && response.status() === 200,
    );
    await openAs(page, merchant, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await liveStream;
    const entry = mainNav(page).getByRole('link', { name: /^Disputes/ });
    await expect(entry).toHaveAccessibleName('Disputes');

    const payment = await customerPaysWithDisputedCard(request, merchant);

    // The network disputes it within seconds: the badge appears on the page already open.
    await expect(entry).toHaveAccessibleName('Disputes 1 needs a response', { timeout: patience(30_000) });
    const [dispute] = (await disputesOf(request, merchant)).items;
    if (!dispute) throw new Error('the dispute is not listed');
    expect(dispute.reference).toBe(payment.reference);
    expect(dispute.amount).toBe(PRICE);
    // The disputed amount is held from the wallet (in the dispute's own transaction): the balance shows it.
    const naira = (await walletsApi(request, merchant)).find((wallet) => wallet.currency === 'NGN');
    if (!naira) throw new Error('no naira wallet');
    const held = naira.availableBalance;
    const balance = page.getByTestId('wallet-card-NGN').getByTestId('available-balance');
    await expect(balance).toHaveText(money(held));

    await entry.click();
    await expect(page.getByRole('heading', { name: 'Disputes', level: 1 })).toBeVisible();
    const row = page.locator(`[data-testid="dispute-row"][data-dispute-id="${dispute.id}"]`);
    await expect(row.getByTestId('dispute-status')).toHaveText('Needs response');
    await expect(row.getByTestId('dispute-amount')).toHaveText(money(dispute.amount));
    await expect(row.getByTestId('dispute-due')).toHaveText(/^Due in \d+ days$/);
    await expect(row).toContainText('Ngozi Okeke');
    await saveScreenshot(page, testInfo, 'disputes-list-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toContainText('Ngozi Okeke');
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'disputes-list-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    await row.getByRole('link').first().click();
    await expect(page.getByTestId('dispute-outcome')).toContainText(
      `${money(dispute.amount)} is held from your wallet`,
    );
    await expect(page.getByTestId('dispute-payment-reference')).toHaveText(payment.reference);
    const evidence = page.getByRole('form', { name: 'Evidence' });
    await expect(evidence.getByLabel('Customer email')).toHaveValue('ngozi.okeke@example.com');
    await evidence.getByLabel('Add files').setInputFiles({
      name: 'delivery-receipt.pdf',
      mimeType: 'application/pdf',
      buffer: RECEIPT_PDF,
    });
    const file = evidence.getByTestId('evidence-file');
    await expect(file).toHaveAttribute('data-state', 'done');
    await expect(file).toContainText('delivery-receipt.pdf');
    await evidence
      .getByLabel('Explanation')
      .fill(
        'winning_evidence: the customer signed for the parcel on delivery; the signed receipt is attached.',
      );
    await evidence
      .getByLabel('Delivery details')
      .fill('GIG Logistics, tracking GIG-123456, delivered 20 Nov.');
    await saveScreenshot(page, testInfo, 'dispute-evidence-1280', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'dispute-evidence-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await evidence.getByRole('button', { name: 'Submit evidence' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit evidence?' });
    await expect(confirm).toContainText('Evidence cannot be changed after it is submitted.');
    await confirm.getByRole('button', { name: 'Submit evidence' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('submitted-evidence')).toContainText('winning_evidence');
    await expect(page.getByTestId('submitted-evidence')).toContainText('delivery-receipt.pdf');

    // The network decides within seconds: WON, the amount back in the wallet, on the page already open.
    const outcome = page.getByTestId('dispute-outcome');
    await expect(outcome).toHaveAttribute('data-status', 'WON', { timeout: patience(30_000) });
    await expect(outcome).toContainText(`${money(dispute.amount)} is back in your wallet.`);
    await expect(page.getByTestId('dispute-timeline-entry').last()).toHaveAttribute('data-kind', 'WON');
    await saveScreenshot(page, testInfo, 'dispute-won-1280', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'dispute-won-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(entry).toHaveAccessibleName('Disputes');

    // The payment, one click away, links back to its dispute and can be refunded again now the dispute is won.
    await page.getByTestId('dispute-payment-link').click();
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
    await page
      .locator(`[data-testid="transaction-row"][data-transaction-id="${dispute.paymentTransactionId}"]`)
      .click();
    const details = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(details.getByTestId('payment-dispute')).toHaveAttribute('data-status', 'WON');
    await expect(details.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('wallet-card-NGN').getByTestId('available-balance')).toHaveText(
      money(held + dispute.amount),
    );
  });
});
