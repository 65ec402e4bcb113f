import { nubanCheckDigit } from '@bizdash/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Merchant } from './fixtures';

/** A Guaranty Trust Bank NUBAN (the serial and its check digit): the sandbox directory resolves a name for it. */
export const gtbAccount = (serial = '012345678') => `${serial}${nubanCheckDigit('058', serial)}`;

/** Through the form: Add New, Naira, bank, number (the resolved name appears), type, Add account. */
export async function addNairaAccount(page: Page, accountNumber: string, accountType = 'Savings') {
  await page.getByRole('button', { name: 'Add New' }).click();
  await page
    .getByRole('dialog', { name: 'Add settlement account' })
    .getByRole('button', { name: /Naira/ })
    .click();
  const form = page.getByRole('dialog', { name: 'Add Naira bank account' });
  await expect(form.getByLabel('Bank name')).toBeEnabled();
  await form.getByLabel('Bank name').selectOption({ label: 'Guaranty Trust Bank' });
  await form.getByLabel('Account number').fill(accountNumber);
  const name = form.getByTestId('resolved-account-name');
  await expect(name).toBeVisible();
  await form.getByLabel('Account type').selectOption({ label: accountType });
  return { form, accountName: (await name.textContent()) ?? '' };
}

/** Through the sandbox hosted page: the bank, user_good / pass_good, the account type, Link account. */
export async function linkSandboxAccount(page: Page, bank = 'First Platypus Bank', type = 'Checking') {
  await expect(page.getByRole('heading', { name: 'Connect your bank' })).toBeVisible();
  await page.getByText(bank, { exact: true }).click();
  await page.getByLabel('Username', { exact: true }).fill('user_good');
  await page.getByLabel('Password', { exact: true }).fill('pass_good');
  await page.getByText(type, { exact: true }).click();
  await page.getByRole('button', { name: 'Link account' }).click();
}

/** Through the API, as the screens would: a Naira account at GTBank and a Dollar account through the sandbox link. */
export async function addSettlementAccounts(request: APIRequestContext, merchant: Merchant) {
  const headers = { authorization: `Bearer ${merchant.token}` };
  const user = await (await request.get(`/api/users/${merchant.userId}`, { headers })).json();
  const ngn = (user.wallets as { currency: string; walletId: string }[]).find(
    (one) => one.currency === 'NGN',
  );
  const added = await request.post('/api/bank/add-nigeria-bank', {
    headers,
    data: {
      userWalletRecordId: ngn?.walletId,
      bankCode: '058',
      accountNumber: gtbAccount(),
      accountType: 'savings',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const link = await request.post('/api/users/plaid/link', {
    headers,
    data: { userRecordId: merchant.userId },
  });
  expect(link.status(), await link.text()).toBe(201);
  const session = new URL((await link.json()).hostedLinkUrl).searchParams.get('session');
  const linked = await request.post(`/api/sandbox/bank-link/sessions/${session}/submit`, {
    data: {
      institutionId: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
      accountType: 'checking',
    },
  });
  expect(linked.status(), await linked.text()).toBe(200);
}
