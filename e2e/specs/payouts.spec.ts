import { formatMoney, parseMajorUnits } from '@bizdash/shared';
import type { Page } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { fundBySale, fundNaira } from '../support/funding';
import { expectNoSeriousA11yViolations, saveScreenshot, toast } from '../support/helpers';
import { patience } from '../support/patience';
import {
  addPayoutAccount,
  approveKyc,
  completeKycInWidget,
  gtbNuban,
  listPayouts,
  nairaWallet,
  payoutCode,
} from '../support/payouts';
import { linkSandboxAccount } from '../support/settlement';

// The server runs with PAYOUT_NEW_ACCOUNT_HOLD_HOURS=0 (playwright.config.ts): a new account can receive at once.
test.use({ viewport: { width: 1280, height: 800 } });

/** A ₦20,000 sale: the merchant keeps it less the card fee (1.5% + ₦100 = ₦400), ₦19,600.00. */
const SALE_PRICE = 2_000_000;

/** A fresh browser's first page loads the whole app (and the sign-in check): slower than a step on a busy machine. */
const FIRST_PAGE_MS = 20_000;

async function nairaBalanceOnDashboard(page: Page): Promise<number> {
  const balance = page.getByTestId('wallet-card-NGN').getByTestId('available-balance');
  await expect(balance).toHaveText(/₦/);
  const minor = parseMajorUnits((await balance.textContent()) ?? '', 'NGN');
  if (minor === null) throw new Error('the NGN balance is not an amount');
  return minor;
}

/** account -> amount -> recipient -> review, then 'Send payout': the confirm step opens. */
async function startPayout(page: Page, amount: string, account: RegExp) {
  await page.getByRole('radio', { name: /Naira wallet/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Amount (NGN)').fill(amount);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: account }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your payout' })).toBeVisible();
  await page.getByRole('button', { name: 'Send payout' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your payout' })).toBeVisible();
  await expect(toast(page, 'Payout ready to confirm')).toBeVisible();
}

async function confirmWithEmailedCode(page: Page, merchant: Merchant, amount: string) {
  const code = page.getByLabel('Enter the 6-digit code we emailed you');
  await expect(code).toBeFocused();
  await code.fill(await payoutCode(page.request, merchant, amount));
  await page.getByRole('button', { name: 'Confirm payout' }).click();
}

test('a merchant verifies KYC, adds a settlement account and pays out Naira: the debit settles and the balance drops by amount plus fee', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(patience(120_000));
  const merchant = await createMerchant(request);
  await fundNaira(request, merchant, SALE_PRICE);

  // Before KYC: why payouts are unavailable, and the way to Documents instead of the flow.
  await openAs(page, merchant, '/payouts/new');
  await expect(page.getByRole('heading', { name: 'Verify your identity to pay out' })).toBeVisible({
    timeout: FIRST_PAGE_MS,
  });
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('link', { name: 'Complete KYC in Documents' }).click();
  await expect(page).toHaveURL(/\/settings\/documents$/);
  await completeKycInWidget(page);

  // A settlement account through the Settlement Account screen (the sandbox directory resolves the name).
  const accountNumber = gtbNuban('012345678');
  const account = `Guaranty Trust Bank ****${accountNumber.slice(-4)}`;
  await page.goto('/settings/settlement-account');
  await page.getByRole('button', { name: 'Add New' }).click();
  await page
    .getByRole('dialog', { name: 'Add settlement account' })
    .getByRole('button', { name: /Naira/ })
    .click();
  const form = page.getByRole('dialog', { name: 'Add Naira bank account' });
  await expect(form.getByLabel('Bank name')).toBeEnabled();
  await form.getByLabel('Bank name').selectOption({ label: 'Guaranty Trust Bank' });
  await form.getByLabel('Account number').fill(accountNumber);
  await expect(form.getByTestId('resolved-account-name')).toBeVisible();
  await form.getByLabel('Account type').selectOption({ label: 'Savings' });
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(toast(page, 'Bank account added successfully')).toBeVisible();

  await page.goto('/dashboard/recents');
  const before = await nairaBalanceOnDashboard(page);
  expect(before).toBe((await nairaWallet(request, merchant)).availableBalance);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Payouts' })
    .click();
  await expect(page.getByRole('heading', { name: 'No payouts yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New payout' }).click();
  await expect(page.getByRole('heading', { name: 'Which wallet?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('radio', { name: /Naira wallet/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Amount (NGN)').fill('5,000');
  await expect(page.getByTestId('payout-fee')).toHaveText('₦10.00');
  await expect(page.getByTestId('payout-total')).toHaveText('₦5,010.00');
  await expect(page.getByTestId('payout-limit-left')).toHaveText('₦5,000,000.00 of ₦5,000,000.00');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Guaranty Trust Bank/ }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('summary-total')).toHaveText('₦5,010.00');
  await expect(page.getByTestId('summary-arrives')).toHaveText('₦5,000.00');
  await expect(page.getByTestId('summary-account')).toContainText(account);
  await page.getByRole('button', { name: 'Send payout' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your payout' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A wrong code is refused on the field; the emailed one sends the money.
  await page.getByLabel('Enter the 6-digit code we emailed you').fill('000000');
  await page.getByRole('button', { name: 'Confirm payout' }).click();
  await expect(
    page.getByText('The code is incorrect. Please try again.', { exact: false }).first(),
  ).toBeVisible();
  await confirmWithEmailedCode(page, merchant, '₦5,000.00');
  await expect(toast(page, 'Payout on its way: ₦5,000.00')).toBeVisible();

  // The sandbox rail settles it a few seconds later; the page follows by itself.
  await expect(page.getByRole('heading', { name: 'Payout sent' })).toBeVisible({ timeout: patience(20_000) });
  await expect(page.getByTestId('payout-status')).toHaveText('Successful');
  await expect(toast(page, `Payout sent: ₦5,000.00 to ${account}`)).toBeVisible();
  await saveScreenshot(page, testInfo, 'payout-sent');

  const [payout] = await listPayouts(request, merchant);
  expect(payout).toMatchObject({ status: 'SUCCESSFUL', amount: 500_000, fee: 1_000, total: 501_000 });
  expect((await nairaWallet(request, merchant)).availableBalance).toBe(before - 501_000);

  await page.getByRole('link', { name: 'Back to payouts' }).click();
  const row = page.getByTestId('payout-row').first();
  await expect(row.getByTestId('payout-status')).toHaveText('Successful');
  await expect(row.getByTestId('payout-amount')).toHaveText('₦5,000.00');
  await expect(row.getByTestId('payout-fee')).toHaveText('₦10.00');
  await expect(row).toContainText(account);

  // In Transactions the payout is a successful DEBIT.
  await page.goto('/transactions/debit');
  const debit = page.getByTestId('transaction-row').filter({ hasText: 'Payout to Guaranty' });
  await expect(debit).toHaveCount(1);
  await expect(debit.getByTestId('transaction-status')).toHaveAttribute('data-tone', 'green');
  await expect(debit).toContainText('-₦5,000.00');

  await page.goto('/dashboard/recents');
  await expect(page.getByTestId('wallet-card-NGN').getByTestId('available-balance')).toHaveText(
    formatMoney(before - 501_000, 'NGN'),
  );
});

test('a payout to an account the bank has closed fails, and the amount and the fee come back', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(patience(90_000));
  const merchant = await createMerchant(request);
  await fundNaira(request, merchant, SALE_PRICE);
  await approveKyc(request, merchant);
  await addPayoutAccount(request, merchant, gtbNuban('012345678'));
  // The sandbox rail answers "Account closed" for numbers starting 999.
  const closed = gtbNuban('999000111');
  await addPayoutAccount(request, merchant, closed);
  const before = (await nairaWallet(request, merchant)).availableBalance;

  await openAs(page, merchant, '/payouts/new');
  await expect(page.getByRole('heading', { name: 'Which wallet?' })).toBeVisible({ timeout: FIRST_PAGE_MS });
  await startPayout(page, '2,000', new RegExp(`\\*{4}${closed.slice(-4)}`));
  await confirmWithEmailedCode(page, merchant, '₦2,000.00');

  await expect(page.getByRole('heading', { name: 'Payout failed and returned' })).toBeVisible({
    timeout: patience(20_000),
  });
  await expect(page.getByTestId('payout-result-text')).toHaveText(
    'The bank returned it: Account closed. ₦2,000.00 and the ₦10.00 fee are back in your Naira wallet.',
  );
  await expect(page.getByTestId('payout-status')).toHaveText('Failed');
  await expect(toast(page, 'Payout failed: Account closed. The money is back in your wallet.')).toBeVisible();
  await saveScreenshot(page, testInfo, 'payout-returned');
  await expect.poll(async () => (await nairaWallet(request, merchant)).availableBalance).toBe(before);

  await page.getByRole('link', { name: 'Back to payouts' }).click();
  const row = page.getByTestId('payout-row').first();
  await expect(row.getByTestId('payout-status')).toHaveText('Failed');
  await expect(row.getByTestId('payout-failure-reason')).toHaveText('Returned: Account closed');

  await page.goto('/transactions/failed');
  const debit = page.getByTestId('transaction-row').filter({ hasText: 'Payout to Guaranty' });
  await expect(debit).toHaveCount(1);
  await expect(debit.getByTestId('transaction-status')).toHaveAttribute('data-tone', 'red');
});

test("at 390 px: from the wallet card's 'Pay out', the steps fit the screen and Back goes to the step before", async ({
  page,
  request,
}) => {
  test.setTimeout(patience(60_000));
  const merchant = await createMerchant(request);
  await fundNaira(request, merchant, SALE_PRICE);
  await approveKyc(request, merchant);
  await addPayoutAccount(request, merchant, gtbNuban('012345678'));
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, merchant, '/dashboard/recents');
  await page.getByRole('link', { name: 'Pay out from Naira' }).click({ timeout: FIRST_PAGE_MS });
  await expect(page.getByRole('radio', { name: /Naira wallet/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Amount (NGN)').fill('100');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'To which account?' })).toBeFocused();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Keyboard only: the account with the arrow keys, Continue with Enter.
  await page.getByRole('radio', { name: /Guaranty Trust Bank/ }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Review your payout' })).toBeFocused();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('radio', { name: /Guaranty Trust Bank/ })).toBeChecked();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel('Amount (NGN)')).toHaveValue('100');
  await page.goBack();
  await expect(page.getByRole('radio', { name: /Naira wallet/ })).toBeChecked();
});

test('a merchant pays out Dollars to an account linked through the hosted bank link', async ({
  page,
  request,
}) => {
  test.setTimeout(patience(90_000));
  const merchant = await createMerchant(request);
  await fundBySale(request, merchant, 20_000, 'USD');
  await approveKyc(request, merchant);

  await openAs(page, merchant, '/settings/settlement-account');
  await page.getByRole('button', { name: 'Add New' }).click({ timeout: FIRST_PAGE_MS });
  await page
    .getByRole('dialog', { name: 'Add settlement account' })
    .getByRole('button', { name: /Dollars/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Connect your US bank account' })
    .getByRole('link', { name: 'Connect Bank Account' })
    .click();
  await linkSandboxAccount(page, 'First Platypus Bank', 'Checking');
  await expect(page.getByRole('heading', { name: 'Bank account linked' })).toBeVisible();

  const dollars = async () => {
    const response = await request.get('/api/wallets', {
      headers: { authorization: `Bearer ${merchant.token}` },
    });
    const { wallets } = (await response.json()) as {
      wallets: { currency: string; availableBalance: number }[];
    };
    return wallets.find((wallet) => wallet.currency === 'USD')?.availableBalance ?? Number.NaN;
  };
  const before = await dollars();
  await page.goto('/payouts/new');
  await page.getByRole('radio', { name: /Dollars/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Amount (USD)').fill('50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /First Platypus Bank/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('summary-arrives')).toHaveText('$50.00');
  await page.getByRole('button', { name: 'Send payout' }).click();
  await confirmWithEmailedCode(page, merchant, '$50.00');
  await expect(toast(page, 'Payout on its way: $50.00')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payout sent' })).toBeVisible({ timeout: patience(20_000) });

  const [payout] = await listPayouts(request, merchant);
  expect(payout).toMatchObject({ status: 'SUCCESSFUL', currency: 'USD', amount: 5_000 });
  expect(payout?.accountNumberMasked).toBe('****0000');
  expect(await dollars()).toBe(before - (payout?.total ?? 0));
});
