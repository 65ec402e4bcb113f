import { expect, test } from '@playwright/test';
import { sandboxAccountName } from '../../apps/api/src/providers/bank-directory/sandbox-bank-directory.ts';
import { createMerchant, openAs } from '../support/fixtures';
import { fundNaira } from '../support/funding';
import { saveScreenshot, toast } from '../support/helpers';
import { patience } from '../support/patience';
import { approveKyc, gtbNuban, listPayouts, nairaWallet, payoutCode } from '../support/payouts';
import { PAYSTACK_SERVER } from '../support/paystack';

// The product served with Paystack as its bank directory and payout rail, against the stand-in (playwright.config.ts).
test.use({ baseURL: PAYSTACK_SERVER.baseURL, viewport: { width: 1280, height: 800 } });

test('with Paystack: the name enquiry names the account, the payout is a transfer, and its webhook settles it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(patience(120_000));
  const merchant = await createMerchant(request);
  await fundNaira(request, merchant, 2_000_000);
  await approveKyc(request, merchant);

  // Paystack's account resolution names the holder (the stand-in answers as Paystack does: upper case).
  const accountNumber = gtbNuban('012345678');
  const holder = sandboxAccountName(accountNumber).toUpperCase();
  await openAs(page, merchant, '/settings/settlement-account');
  await page.getByRole('button', { name: 'Add New' }).click({ timeout: patience(20_000) });
  await page
    .getByRole('dialog', { name: 'Add settlement account' })
    .getByRole('button', { name: /Naira/ })
    .click();
  const form = page.getByRole('dialog', { name: 'Add Naira bank account' });
  await expect(form.getByLabel('Bank name')).toBeEnabled();
  await form.getByLabel('Bank name').selectOption({ label: 'Guaranty Trust Bank' });
  await form.getByLabel('Account number').fill(accountNumber);
  await expect(form.getByTestId('resolved-account-name')).toHaveText(holder);
  await form.getByLabel('Account type').selectOption({ label: 'Savings' });
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(toast(page, 'Bank account added successfully')).toBeVisible();
  const before = (await nairaWallet(request, merchant)).availableBalance;

  await page.goto('/payouts/new');
  await page.getByRole('radio', { name: /Naira wallet/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Amount (NGN)').fill('5,000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Guaranty Trust Bank/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send payout' }).click();
  await page
    .getByLabel('Enter the 6-digit code we emailed you')
    .fill(await payoutCode(request, merchant, '₦5,000.00'));
  await page.getByRole('button', { name: 'Confirm payout' }).click();
  await expect(toast(page, 'Payout on its way: ₦5,000.00')).toBeVisible();

  // The stand-in settles the transfer a second later and signs its webhook; the page follows by itself.
  await expect(page.getByRole('heading', { name: 'Payout sent' })).toBeVisible({ timeout: patience(20_000) });
  await expect(page.getByTestId('payout-status')).toHaveText('Successful');
  await saveScreenshot(page, testInfo, 'paystack-payout-sent');
  const [payout] = await listPayouts(request, merchant);
  expect(payout).toMatchObject({ status: 'SUCCESSFUL', amount: 500_000, fee: 1_000 });
  expect((await nairaWallet(request, merchant)).availableBalance).toBe(before - 501_000);
});
