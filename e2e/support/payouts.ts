import { randomUUID } from 'node:crypto';
import {
  type BankAccount,
  formatMoney,
  nubanCheckDigit,
  type Payout,
  type SandboxMailboxResponse,
  type Wallet,
} from '@bizdash/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type Merchant } from './fixtures';
import { toast } from './helpers';
import { patience } from './patience';
import { mailboxHeaders } from './sandbox-mailbox';

const auth = (merchant: Merchant) => ({
  Authorization: `Bearer ${merchant.token}`,
  user_id: merchant.userId,
});

/** The sandbox identity widget's approved BVN, an adult's birthday and a real (tiny) PNG selfie. */
const APPROVED_BVN = '22222222222';
const DATE_OF_BIRTH = '1990-04-12';
const SELFIE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM40JCAFTEMLQkAuyBoAYcNQKAAAAAASUVORK5CYII=',
  'base64',
);

/** A Guaranty Trust Bank NUBAN from a 9-digit serial (the sandbox rail reads its first digits: 999 is closed). */
export const gtbNuban = (serial: string) => `${serial}${nubanCheckDigit('058', serial)}`;

/** KYC as the merchant does it: Settings > Documents, 'Complete KYC', the sandbox widget with the approved BVN. */
export async function completeKycInWidget(page: Page) {
  await page.getByRole('link', { name: 'Complete KYC' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await page.getByLabel('ID type').selectOption('BVN');
  await page.getByLabel('BVN', { exact: true }).fill(APPROVED_BVN);
  await page.getByLabel('Date of birth', { exact: true }).fill(DATE_OF_BIRTH);
  await page
    .locator('input[type=file][capture=user]')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: SELFIE_PNG });
  await expect(page.getByRole('img', { name: 'Your selfie' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit verification' }).click();
  await expect(page.getByRole('heading', { name: 'Identity verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Bizdash' }).click();
  await expect(page.getByText('KYC verification is complete.')).toBeVisible();
}

/** The same KYC through the widget's API, for tests whose subject is what comes after. */
export async function approveKyc(request: APIRequestContext, merchant: Merchant) {
  const started = await request.post(`/api/kyc/${merchant.userId}/verifications`, {
    headers: auth(merchant),
  });
  expect(started.status(), await started.text()).toBe(201);
  const { widgetUrl } = (await started.json()) as { widgetUrl: string };
  const session = new URL(widgetUrl, 'http://widget').searchParams.get('session');
  const selfie = await request.post(`/api/sandbox/identity/sessions/${session}/selfie`, {
    multipart: { file: { name: 'selfie.png', mimeType: 'image/png', buffer: SELFIE_PNG } },
  });
  expect(selfie.status(), await selfie.text()).toBe(200);
  const submitted = await request.post(`/api/sandbox/identity/sessions/${session}/submit`, {
    data: { idType: 'BVN', idNumber: APPROVED_BVN, dateOfBirth: DATE_OF_BIRTH },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await expect
    .poll(async () => {
      const user = await request.get(`/api/users/${merchant.userId}`, { headers: auth(merchant) });
      return ((await user.json()) as { status: string }).status;
    })
    .toBe('ACTIVE');
}

export async function nairaWallet(request: APIRequestContext, merchant: Merchant): Promise<Wallet> {
  const response = await request.get('/api/wallets', { headers: auth(merchant) });
  expect(response.status(), await response.text()).toBe(200);
  const { wallets } = (await response.json()) as { wallets: Wallet[] };
  const wallet = wallets.find((candidate) => candidate.currency === 'NGN');
  if (!wallet) throw new Error('the merchant has no NGN wallet');
  return wallet;
}

/** A Naira settlement account added through the API (POST /api/bank/add-nigeria-bank). */
export async function addPayoutAccount(
  request: APIRequestContext,
  merchant: Merchant,
  accountNumber: string,
) {
  const wallet = await nairaWallet(request, merchant);
  const response = await request.post('/api/bank/add-nigeria-bank', {
    headers: auth(merchant),
    data: { userWalletRecordId: wallet.walletId, bankCode: '058', accountNumber, accountType: 'savings' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as BankAccount;
}

export async function listPayouts(request: APIRequestContext, merchant: Merchant): Promise<Payout[]> {
  const response = await request.get('/api/payouts', { headers: auth(merchant) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { payouts: Payout[] }).payouts;
}

/** The code the sandbox emailed to confirm the payout of `amount` ('₦5,000.00'), read from the mailbox. */
export async function payoutCode(request: APIRequestContext, merchant: Merchant, amount: string) {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get('/api/sandbox/mailbox', {
      params: { email: merchant.email },
      headers: mailboxHeaders,
    });
    expect(response.status()).toBe(200);
    const { messages } = (await response.json()) as SandboxMailboxResponse;
    const email = messages.find((message) =>
      message.subject.endsWith(`confirms your Bizdash payout of ${amount}`),
    );
    code = /^(\d{6}) /.exec(email?.subject ?? '')?.[1];
    expect(code, `a payout code for ${amount}`).toBeDefined();
  }).toPass({ timeout: patience(5_000) });
  return code as string;
}

/** A payout made and confirmed through the API as the dashboard does (the emailed code): for tests about after. */
export async function payOut(
  request: APIRequestContext,
  merchant: Merchant,
  bankAccountId: string,
  amount: number,
) {
  const wallet = await nairaWallet(request, merchant);
  const created = await request.post('/api/payouts', {
    headers: { ...auth(merchant), 'Idempotency-Key': randomUUID() },
    data: { walletId: wallet.walletId, bankAccountId, amount },
  });
  expect(created.status(), await created.text()).toBe(201);
  const payout = (await created.json()) as Payout;
  const code = await payoutCode(request, merchant, formatMoney(amount, 'NGN'));
  const confirmed = await request.post(`/api/payouts/${payout.id}/confirm`, {
    headers: auth(merchant),
    data: { code },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return payout;
}

/**
 * From the new-payout page: ₦5,000 from the Naira wallet to the GTBank account, sent and confirmed with the code
 * emailed to `merchant` (the person who started it), until the "on its way" toast.
 */
export async function payOutFiveThousandNaira(page: Page, request: APIRequestContext, merchant: Merchant) {
  await page.getByRole('radio', { name: /Naira wallet/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Amount (NGN)').fill('5,000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Guaranty Trust Bank/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send payout' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your payout' })).toBeVisible();
  const code = page.getByLabel('Enter the 6-digit code we emailed you');
  await code.fill(await payoutCode(request, merchant, '₦5,000.00'));
  await page.getByRole('button', { name: 'Confirm payout' }).click();
  await expect(toast(page, 'Payout on its way: ₦5,000.00')).toBeVisible();
}
