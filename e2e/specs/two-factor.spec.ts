import type { Page } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import {
  exactPath,
  expectNoSeriousA11yViolations,
  mainNav,
  saveScreenshot,
  storedCredentials,
  toast,
} from '../support/helpers';
import { patience } from '../support/patience';
import { appCode, enableTwoFactor, nextAppCode } from '../support/two-factor';

const CODE_INCORRECT = 'That code is not right. Check your authenticator app and try again.';

async function signOut(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(exactPath('/signin'));
  expect(await storedCredentials(page)).toBeNull();
}

/** The password step; an account with two-factor on then asks for a code on the same card. */
async function signInWithPassword(page: Page, merchant: Merchant) {
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(merchant.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(exactPath('/signin'));
  expect(await storedCredentials(page)).toBeNull();
}

test('a merchant turns on two-factor, signs in with the app and with a recovery code, then turns it off', async ({
  page,
  request,
}, testInfo) => {
  // Each app code works once: the second and third codes wait for the app's next 30-second window.
  test.setTimeout(patience(150_000));
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/settings/security');
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  // The first page of a run (this spec alone) can wait on a server just started on a busy machine.
  await expect(card.getByText('Off', { exact: true })).toBeVisible({ timeout: patience(20_000) });

  // Enrolment: scan (here: read the key shown under the QR code), confirm a code, keep the recovery codes.
  await card.getByRole('button', { name: 'Set up two-factor' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  const qr = setup.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(setup.getByText("Can't scan? Enter this key")).toBeVisible();
  const secret = ((await setup.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await saveScreenshot(page, testInfo, 'two-factor-setup-1280', { fullPage: false });
  await expectNoSeriousA11yViolations(page);

  const setupCode = setup.getByLabel('Code from your app');
  await setupCode.fill('000000');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText(CODE_INCORRECT)).toBeVisible();
  const enrolment = appCode(secret);
  await setupCode.fill(enrolment.code);
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const saving = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const codeList = saving.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codeList).toHaveCount(10);
  const recoveryCodes = await codeList.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  // The toast sits behind the modal, hidden from assistive technology while it is open.
  await expect(page.getByText('Two-factor authentication is on', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await saving.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('bizdash-recovery-codes.txt');
  await saveScreenshot(page, testInfo, 'two-factor-recovery-codes-1280', { fullPage: false });
  await expect(saving.getByRole('button', { name: 'Done' })).toBeDisabled();
  await saving.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await saving.getByRole('button', { name: 'Done' }).click();
  await expect(saving).toBeHidden();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left');
  await expect(card.getByTestId('two-factor-enabled-at')).toHaveText(/^On since \d{2} \w{3} \d{4}$/);

  // Sign-in now takes a code after the password; a wrong one is said on the field.
  await signOut(page);
  await signInWithPassword(page, merchant);
  const authCode = page.getByLabel('Authentication code');
  await expect(authCode).toBeFocused();
  await authCode.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(CODE_INCORRECT)).toBeVisible();
  await expect(authCode).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot(page, testInfo, 'two-factor-sign-in-code-1280');
  await expectNoSeriousA11yViolations(page);
  const signInCode = await nextAppCode(secret, enrolment.step);
  await authCode.fill(signInCode.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
  await expect(page.getByTestId('user-full-name')).toHaveText(`${merchant.firstName} ${merchant.lastName}`);

  // A recovery code instead of the app.
  await signOut(page);
  await signInWithPassword(page, merchant);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(exactPath('/dashboard/recents'));

  // Turning it off takes the password and a code; a used recovery code no longer counts.
  await mainNav(page).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(card.getByTestId('recovery-codes-left')).toHaveText('9 recovery codes left');
  await card.getByRole('button', { name: 'Turn off' }).click();
  const turnOff = page.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
  await turnOff.getByLabel('Current Password').fill(merchant.password);
  await turnOff.getByLabel('Code from your app or a recovery code').fill(recoveryCodes[0] ?? '');
  await turnOff.getByRole('button', { name: 'Turn off' }).click();
  await expect(turnOff.getByText(CODE_INCORRECT)).toBeVisible();
  const turnOffCode = await nextAppCode(secret, signInCode.step);
  await turnOff.getByLabel('Code from your app or a recovery code').fill(turnOffCode.code);
  await turnOff.getByRole('button', { name: 'Turn off' }).click();
  await expect(turnOff).toBeHidden();
  await expect(toast(page, 'Two-factor authentication is off')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Set up two-factor' })).toBeVisible();

  // The password alone signs in again.
  const signIn = await request.post('/api/auth/signin', {
    data: { email: merchant.email, password: merchant.password },
  });
  expect(signIn.status()).toBe(200);
  expect(await signIn.json()).toMatchObject({ userId: merchant.userId, token: expect.any(String) });
});

test('the code step goes back to the password, and a phone-sized screen fits it', async ({
  page,
  request,
}, testInfo) => {
  const merchant = await createMerchant(request);
  await enableTwoFactor(request, merchant);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  await page.goto('/signin');
  await signInWithPassword(page, merchant);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await saveScreenshot(page, testInfo, 'two-factor-sign-in-code-390');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Bizdash', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(merchant.email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
});
