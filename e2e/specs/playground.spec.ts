import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { WalletList } from '@bizdash/shared';
import type { APIRequestContext } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../support/helpers';
import { expectNoHorizontalOverflow } from '../support/seeded-session';

// The API playground (issue 25 §1): a call sent from the page, then the same call as curl, run outside the browser.

async function walletsOf(request: APIRequestContext, merchant: Merchant): Promise<WalletList['wallets']> {
  const response = await request.get('/api/wallets', {
    headers: { Authorization: `Bearer ${merchant.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as WalletList).wallets;
}

/** A key for the merchant, generated as Developer Settings does. */
async function generateApiKey(request: APIRequestContext, merchant: Merchant): Promise<string> {
  const response = await request.put('/api/users/update-api-details', {
    headers: { Authorization: `Bearer ${merchant.token}` },
    data: { userId: merchant.userId, generateNewKey: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { apiKey } = (await response.json()) as { apiKey: string };
  expect(apiKey).toMatch(/^bzk_test_/);
  return apiKey;
}

/** Runs a copied curl snippet in bash with the key in the environment; the status is written after the body. */
async function runCurl(snippet: string, apiKey: string): Promise<{ status: string; body: unknown }> {
  const { stdout } = await promisify(execFile)(
    'bash',
    ['-c', `${snippet} --silent --show-error --write-out '\\n%{http_code}'`],
    { env: { PATH: process.env.PATH ?? '', BIZDASH_API_KEY: apiKey }, timeout: 30_000 },
  );
  const lines = stdout.trimEnd().split('\n');
  const status = lines.pop() ?? '';
  return { status, body: JSON.parse(lines.join('\n')) };
}

test.describe('API playground', () => {
  test('GET /api/wallets sent from the page shows both wallets, and its curl runs with a real key', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const merchant = await createMerchant(request);
    const wallets = await walletsOf(request, merchant);
    expect(wallets.map((wallet) => wallet.currency).sort()).toEqual(['NGN', 'USD']);

    await openAs(page, merchant, '/playground');
    await expect(page.getByRole('heading', { name: 'API playground', level: 1 })).toBeVisible();
    const operations = page.getByRole('navigation', { name: 'Operations' });
    await operations.getByRole('link', { name: /Wallets \(accounts\)/ }).click();
    await expect(page).toHaveURL(/\/playground\?operation=getWallets$/);

    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByTestId('response-status')).toHaveText(/^200/);
    await expect(page.getByTestId('response-time')).toHaveText(/^\d+ ms$/);
    const body = page.getByTestId('response-body');
    for (const wallet of wallets) {
      await expect(body).toContainText(`"walletId": "${wallet.walletId}"`);
      await expect(body).toContainText(`"currency": "${wallet.currency}"`);
    }
    await expect(page.getByRole('list', { name: 'Recent calls' })).toContainText('/api/wallets');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'playground-1280');

    const snippet = (await page.getByTestId('snippet').textContent()) ?? '';
    expect(snippet).toContain('"Authorization: Bearer $BIZDASH_API_KEY"');
    expect(snippet).toContain(`'${new URL(testInfo.project.use.baseURL ?? '').origin}/api/wallets'`);
    expect(snippet).not.toContain(merchant.token);

    const apiKey = await generateApiKey(request, merchant);
    const answer = await runCurl(snippet, apiKey);
    expect(answer.status).toBe('200');
    expect(answer.body).toEqual({ wallets });

    // A body's form: the reference's example filled in, the enum a select, required fields marked.
    await operations.getByRole('link', { name: /Refund part or all of a successful card payment/ }).click();
    await expect(page.getByRole('combobox', { name: 'reason required' })).toHaveValue(
      'requested_by_customer',
    );
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'playground-1280-refund-form');
  });

  test('at 390 px the operations are a select, and a payout asks before it is sent', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/playground');
    const select = page.getByRole('combobox', { name: 'Operation' });
    await expect(select).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Operations' })).toHaveCount(0);
    await select.selectOption('getWallets');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByTestId('response-status')).toHaveText(/^200/);
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'playground-390');

    await select.selectOption('postPayouts');
    const key = await page.getByRole('textbox', { name: /^Idempotency-Key/ }).inputValue();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Send request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a request that moves money?' });
    await expect(dialog).toContainText(key);
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, testInfo, 'playground-390-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Send the request to see the answer here.')).toBeVisible();
  });
});
