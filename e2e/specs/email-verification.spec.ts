import type { APIRequestContext } from '@playwright/test';
import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { fetchUser, latestCode, toast } from '../support/helpers';
import { mailboxHeaders, mailboxUrl } from '../support/sandbox-mailbox';

const CODE_SENT = 'We sent a 6-digit code to your email address.';

test('a merchant verifies the email address with the code from the mailbox', async ({
  page,
  context,
  request,
}) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/dashboard/recents');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toBeVisible();
  await expect(banner.getByText('Verify your email address', { exact: true })).toBeVisible();
  await expect(banner).toContainText(merchant.email);

  await banner.getByRole('button', { name: 'Send verification code' }).click();
  await expect(toast(page, CODE_SENT)).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Resend code' })).toBeVisible();

  // Read the code the way a person on a machine without a mail server would: the sandbox mailbox page.
  const mailbox = await context.newPage();
  await mailbox.goto(mailboxUrl(merchant.email));
  await expect(mailbox.getByTestId('mailbox-message')).toHaveCount(1);
  await expect(mailbox.getByTestId('mailbox-message')).toContainText(`To: ${merchant.email}`);
  const code = (await mailbox.getByTestId('mailbox-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(code).toBe(await latestCode(request, merchant));
  await mailbox.close();

  await banner.getByLabel('Verification code').fill(code);
  await banner.getByRole('button', { name: 'Verify email' }).click();

  await expect(toast(page, 'Email address verified')).toBeVisible();
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0);
  expect((await fetchUser(request, merchant)).emailVerified).toBe(true);

  await page.reload();
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0);
});

test('a wrong code is refused and the email stays unverified', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/dashboard/recents');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await banner.getByRole('button', { name: 'Send verification code' }).click();
  await expect(toast(page, CODE_SENT)).toBeVisible();

  const code = await latestCode(request, merchant);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await banner.getByLabel('Verification code').fill(wrong);
  await banner.getByRole('button', { name: 'Verify email' }).click();

  await expect(toast(page, 'The code is incorrect. Please try again.')).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Verify email' })).toBeEnabled();
  expect((await fetchUser(request, merchant)).emailVerified).toBe(false);

  // The right code still works after a wrong try.
  await banner.getByLabel('Verification code').fill(code);
  await banner.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0);
  expect((await fetchUser(request, merchant)).emailVerified).toBe(true);
});

test('resending replaces the code: the first one no longer works', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  // Resending waits 30 seconds after each send; the page's clock skips that wait.
  await page.clock.install();
  await openAs(page, merchant, '/dashboard/recents');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await banner.getByRole('button', { name: 'Send verification code' }).click();
  await expect(toast(page, CODE_SENT)).toBeVisible();
  const first = await latestCode(request, merchant);

  // The installed clock still runs: on a busy machine a second may pass before this looks (29s).
  await expect(banner.getByRole('button', { name: /^Resend code in (30|29|28)s$/ })).toBeDisabled();
  await page.clock.fastForward(30_000);
  await banner.getByRole('button', { name: 'Resend code', exact: true }).click();
  await expect.poll(async () => mailboxSize(request, merchant.email)).toBe(2);
  const second = await latestCode(request, merchant);
  test.info().annotations.push({ type: 'codes', description: `${first} then ${second}` });

  if (first !== second) {
    await banner.getByLabel('Verification code').fill(first);
    await banner.getByRole('button', { name: 'Verify email' }).click();
    await expect(toast(page, 'The code is incorrect. Please try again.')).toBeVisible();
    expect((await fetchUser(request, merchant)).emailVerified).toBe(false);
  }
  await banner.getByLabel('Verification code').fill(second);
  await banner.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0);
  expect((await fetchUser(request, merchant)).emailVerified).toBe(true);
});

async function mailboxSize(request: APIRequestContext, email: string) {
  const response = await request.get('/api/sandbox/mailbox', { params: { email }, headers: mailboxHeaders });
  return ((await response.json()) as { messages: unknown[] }).messages.length;
}
