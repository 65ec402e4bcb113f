import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { exactPath, expectNoSeriousA11yViolations, saveScreenshot, toast } from '../support/helpers';
import { mailboxHeaders } from '../support/sandbox-mailbox';

const NEW_PASSWORD = 'N3w!Passw0rdToo';

test('a merchant changes the password in Settings, is signed out, and signs in with the new one', async ({
  page,
  request,
}, testInfo) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/settings/security');
  await expect(page.getByRole('heading', { name: 'Password', level: 2 })).toBeVisible();
  await saveScreenshot(page, testInfo, 'settings-security-1280');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password').fill(merchant.password);
  await dialog.getByLabel('New Password').fill('weak');
  await dialog.getByLabel('Confirm Password').fill('other');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText(/Password must contain at least one uppercase letter/)).toBeVisible();
  await expect(dialog.getByText('Passwords must match')).toBeVisible();
  await saveScreenshot(page, testInfo, 'settings-security-change-password-1280', { fullPage: false });

  await dialog.getByLabel('Current Password').fill('Wr0ng!Passw0rd');
  await dialog.getByLabel('New Password').fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  // The toast sits behind the modal (hidden from assistive technology while it is open): the field says it too.
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();

  await dialog.getByLabel('Current Password').fill(merchant.password);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(exactPath('/signin'));
  await expect(toast(page, 'Password updated successfully')).toBeVisible();

  // The old token no longer works, and the merchant was told by email.
  const old = await request.get(`/api/users/${merchant.userId}`, {
    headers: { authorization: `Bearer ${merchant.token}` },
  });
  expect(old.status()).toBe(401);
  const mails = await request.get('/api/sandbox/mailbox', {
    params: { email: merchant.email },
    headers: mailboxHeaders,
  });
  const { messages } = (await mails.json()) as { messages: { subject: string }[] };
  expect(messages.map((message) => message.subject)).toContain('Your Bizdash password was changed');

  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
});

test('sign out everywhere keeps this browser signed in and ends the other sessions', async ({
  page,
  request,
}, testInfo) => {
  const merchant = await createMerchant(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, merchant, '/settings/security');
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out all other sessions?' });
  await saveScreenshot(page, testInfo, 'settings-security-sign-out-390', { fullPage: false });
  await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(toast(page, 'Signed out of every other device')).toBeVisible();
  await saveScreenshot(page, testInfo, 'settings-security-390');

  const old = await request.get(`/api/users/${merchant.userId}`, {
    headers: { authorization: `Bearer ${merchant.token}` },
  });
  expect(old.status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(exactPath('/settings/security'));
  await expect(page.getByRole('heading', { name: 'Password', level: 2 })).toBeVisible();
});
