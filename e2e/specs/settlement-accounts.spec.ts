import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { toast } from '../support/helpers';
import { addNairaAccount, gtbAccount, linkSandboxAccount } from '../support/settlement';

test.describe('Settlement accounts', () => {
  test('adds a Naira account through the bank form: the bank names the holder, the table masks the number', async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/settings/settlement-account');
    await expect(page.getByRole('heading', { name: 'No settlement accounts yet' })).toBeVisible();

    const account = gtbAccount();
    const { form, accountName } = await addNairaAccount(page, account, 'Current');
    expect(accountName).toMatch(/^[A-Z][a-z]+( [A-Z][a-z-]+){1,2}$/);
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect(toast(page, 'Bank account added successfully')).toBeVisible();
    await expect(form).toBeHidden();

    const row = page.getByTestId('bank-account-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Guaranty Trust Bank');
    await expect(row).toContainText(accountName);
    await expect(row.getByTestId('bank-account-number')).toHaveText(`****${account.slice(-4)}`);
    await expect(row).toContainText('Naira (₦)');
    await expect(row).toContainText('Active');
    await expect(page.getByText(account)).toHaveCount(0);

    // The same account again is refused with the server's words.
    const again = await addNairaAccount(page, account);
    await again.form.getByRole('button', { name: 'Add account' }).click();
    await expect(toast(page, 'This bank account is already one of your settlement accounts.')).toBeVisible();
  });

  test('connects a Dollar account through the sandbox hosted bank link and finds it in the table', async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/settings/settlement-account');
    await page.getByRole('button', { name: 'Add New' }).click();
    await page
      .getByRole('dialog', { name: 'Add settlement account' })
      .getByRole('button', { name: /Dollars/ })
      .click();
    await expect(toast(page, 'Plaid link generated successfully')).toBeVisible();
    const linkModal = page.getByRole('dialog', { name: 'Connect your US bank account' });
    await expect(linkModal.getByRole('button', { name: 'Copy Link' })).toBeVisible();
    await linkModal.getByRole('link', { name: 'Connect Bank Account' }).click();

    await expect(page).toHaveURL(/\/bank-link\/sandbox\?session=/);
    // The documented bad sign-in is refused, and the page stays open for another try.
    await page.getByText('Tartan Bank', { exact: true }).click();
    await page.getByLabel('Username', { exact: true }).fill('user_bad');
    await page.getByLabel('Password', { exact: true }).fill('pass_good');
    await page.getByRole('button', { name: 'Link account' }).click();
    await expect(page.getByRole('alert')).toContainText('The username or password you entered is incorrect.');

    await linkSandboxAccount(page, 'Tartan Bank', 'Savings');
    await expect(page.getByRole('heading', { name: 'Bank account linked' })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/settlement-account$/);

    const row = page.getByTestId('bank-account-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Tartan Bank');
    await expect(row).toContainText(merchant.businessName);
    await expect(row.getByTestId('bank-account-number')).toHaveText('****1111');
    await expect(row).toContainText('Dollars ($)');
  });
});
