import { type FxConversion, formatMoney, type Wallet } from '@bizdash/shared';
import type { APIRequestContext } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { fundNaira, merchantHeaders } from '../support/funding';
import { expectNoSeriousA11yViolations, mainNav, toast } from '../support/helpers';
import { expectNoHorizontalOverflow } from '../support/seeded-session';

// Currency conversion (issue 12): a merchant with naira converts some to dollars and both wallets move by
// exactly the quoted amounts.

async function balances(request: APIRequestContext, merchant: Merchant) {
  const response = await request.get('/api/wallets', { headers: merchantHeaders(merchant) });
  expect(response.status()).toBe(200);
  const { wallets } = (await response.json()) as { wallets: Wallet[] };
  const of = (currency: string) => wallets.find((wallet) => wallet.currency === currency)?.availableBalance;
  return { NGN: of('NGN') as number, USD: of('USD') as number };
}

test('a merchant converts naira to dollars and both balances move by the quoted amounts', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await fundNaira(request, merchant, 200_000_00);
  const before = await balances(request, merchant);
  expect(before.NGN).toBeGreaterThan(100_000_00);
  expect(before.USD).toBe(0);

  // From the naira wallet's card on the accounts page.
  await openAs(page, merchant, '/accounts');
  await page.getByTestId('wallet-card-NGN').getByRole('link', { name: 'Convert from Naira' }).click();
  await expect(page).toHaveURL(/\/convert\?from=NGN$/);
  await expect(page.getByRole('heading', { name: 'Convert', level: 1 })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Convert' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('balance-NGN')).toHaveText(formatMoney(before.NGN, 'NGN'));

  await page.getByLabel('Amount to send in Naira').fill('100,000');
  const quote = page.getByTestId('quote');
  await expect(quote.getByTestId('quote-amount-in')).toHaveText('₦100,000.00');
  await expect(quote.getByTestId('quote-rate')).toHaveText(/^\$1 = ₦1,\d{3}\.\d{4}$/);
  await expect(quote.getByTestId('quote-seconds-left')).toHaveText(/^\d+s$/);

  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm conversion' });
  await expect(dialog).toBeVisible();
  const converted = page.waitForResponse(
    (response) => response.url().endsWith('/api/fx/conversions') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Convert', exact: true }).click();
  const response = await converted;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const conversion = (await response.json()) as FxConversion;
  const { amountIn, amountOut } = conversion.quote;
  expect(amountIn).toBe(100_000_00);
  expect(amountOut).toBeGreaterThan(0);

  await expect(
    toast(page, `Converted ${formatMoney(amountIn, 'NGN')} to ${formatMoney(amountOut, 'USD')}`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // The screen's balances, then the API's, moved by exactly the quoted amounts.
  await expect(page.getByTestId('balance-NGN')).toHaveText(formatMoney(before.NGN - amountIn, 'NGN'));
  await expect(page.getByTestId('balance-USD')).toHaveText(formatMoney(amountOut, 'USD'));
  expect(await balances(request, merchant)).toEqual({ NGN: before.NGN - amountIn, USD: amountOut });

  // The two wallets' cards say the same, and the conversion's transactions carry its reference.
  await mainNav(page).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByTestId('wallet-card-NGN').getByTestId('available-balance')).toHaveText(
    formatMoney(before.NGN - amountIn, 'NGN'),
  );
  await expect(page.getByTestId('wallet-card-USD').getByTestId('available-balance')).toHaveText(
    formatMoney(amountOut, 'USD'),
  );
  await page.goto(`/transactions/all?q=${conversion.reference}`);
  await expect(page.getByTestId('transaction-row')).toHaveCount(3);
});

test('a conversion the wallet cannot pay is not offered', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/convert');
  await page.getByLabel('Amount to send in Naira').fill('5000');
  await expect(page.getByTestId('insufficient-balance')).toHaveText(
    'Your Naira balance is not enough for this conversion.',
  );
  await expect(page.getByRole('button', { name: 'Convert', exact: true })).toBeDisabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the conversion screen fits and is usable', async ({ page, request }) => {
    const merchant = await createMerchant(request);
    await fundNaira(request, merchant, 50_000_00);
    await openAs(page, merchant, '/convert');
    await page.getByLabel('Amount to send in Naira').fill('10000');
    await expect(page.getByTestId('quote-amount-out')).toHaveText(/^\$\d+\.\d{2}$/);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });
});
