import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../support/helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const topBarStatus = (page: import('@playwright/test').Page) => page.getByTestId('user-status').first();

/** A real 8x8 PNG (its bytes say PNG; the server decodes and re-encodes it). */
const SELFIE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM40JCAFTEMLQkAuyBoAYcNQKAAAAAASUVORK5CYII=';

/** A small PNG as the selfie (the widget's input has capture="user": a phone opens its front camera). */
async function takeSelfie(page: import('@playwright/test').Page) {
  const buffer = Buffer.from(SELFIE_PNG_BASE64, 'base64');
  const input = page.locator('input[type=file][capture=user]');
  await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
  await input.setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer });
  await expect(page.getByRole('img', { name: 'Your selfie' })).toBeVisible();
}

test.describe('Individual KYC', () => {
  test('completes KYC in the sandbox widget with the approved number', async ({
    page,
    request,
  }, testInfo) => {
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/settings/documents');
    await expect(topBarStatus(page)).toHaveAttribute('data-status', 'PENDING_KYC');
    await saveScreenshot(page, testInfo, 'kyc-section-pending');

    await page.getByRole('link', { name: 'Complete KYC' }).click();
    await expect(page).toHaveURL(/\/kyc\/sandbox\?session=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
    await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'kyc-widget-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, testInfo, 'kyc-widget-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('ID type').selectOption('BVN');
    await page.getByLabel('BVN', { exact: true }).fill('22222222222');
    await page.getByLabel('Date of birth', { exact: true }).fill('1990-04-12');
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await expect(page.getByText('Please take or upload a selfie')).toBeVisible();
    await takeSelfie(page);
    await expect(page.getByText('Please take or upload a selfie')).toBeHidden();
    await saveScreenshot(page, testInfo, 'kyc-widget-selfie-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, testInfo, 'kyc-widget-selfie-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await expect(page.getByRole('heading', { name: 'Identity verified' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'kyc-widget-approved');

    await page.getByRole('link', { name: 'Return to Bizdash' }).click();
    await expect(page).toHaveURL(/\/settings\/documents$/);
    await expect(page.getByText('KYC verification is complete.')).toBeVisible();
    await expect(topBarStatus(page)).toHaveAttribute('data-status', 'ACTIVE');
    await expect(topBarStatus(page)).toHaveText('Active');
    await saveScreenshot(page, testInfo, 'kyc-section-complete');
  });

  test('shows a rejection with its reason, then a retry succeeds', async ({ page, request }, testInfo) => {
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/settings/documents');
    await page.getByRole('link', { name: 'Complete KYC' }).click();
    await page.getByLabel('ID type').selectOption('NIN');
    await page.getByLabel('NIN', { exact: true }).fill('11111111122');
    await page.getByLabel('Date of birth', { exact: true }).fill('1988-01-30');
    await takeSelfie(page);
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await expect(page.getByRole('heading', { name: 'Verification not approved' })).toBeVisible();

    await page.getByRole('link', { name: 'Return to Bizdash' }).click();
    await expect(page.getByText('Your identity could not be verified.')).toBeVisible();
    await expect(page.getByText(/^Reason: /)).toBeVisible();
    await expect(topBarStatus(page)).toHaveAttribute('data-status', 'KYC_FAILED');
    await saveScreenshot(page, testInfo, 'kyc-section-failed');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, testInfo, 'kyc-section-failed-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: 'Complete KYC' }).click();
    await page.getByLabel('ID type').selectOption('PASSPORT');
    await page.getByLabel('Passport number').fill('A00000001');
    await page.getByLabel('Date of birth', { exact: true }).fill('1988-01-30');
    await takeSelfie(page);
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await expect(page.getByRole('heading', { name: 'Identity verified' })).toBeVisible();
  });
});
