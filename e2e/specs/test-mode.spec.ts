import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { latestCode } from '../support/helpers';
import { mailboxUrl } from '../support/sandbox-mailbox';

test('a merchant on the sandbox sees the test mode banner on every signed-in page', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/dashboard/recents');
  const banner = page.getByRole('region', { name: 'Test mode' });
  await expect(banner).toHaveText(
    'Test mode: payments and emails are simulated, no real money moves.Read your test emails',
  );
  await page.goto('/products');
  await expect(banner).toBeVisible();
  expect((await (await request.get('/api/health')).json()).testMode).toBe(true);
});

test('the sandbox mailbox shows nothing without the operator key, and everything with its link', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await request.get('/api/users/otp', {
    params: { email: merchant.email },
    headers: { Authorization: `Bearer ${merchant.token}` },
  });
  const code = await latestCode(request, merchant);

  await page.goto(`/sandbox/mailbox?email=${encodeURIComponent(merchant.email)}`);
  await expect(page.getByRole('alert')).toContainText('it opens only with the operator key');
  await expect(page.getByTestId('mailbox-message')).toHaveCount(0);
  expect((await request.get('/api/sandbox/mailbox', { params: { email: merchant.email } })).status()).toBe(
    401,
  );

  await page.goto(mailboxUrl(merchant.email));
  await expect(page.getByTestId('mailbox-code')).toHaveText(code);
  // The key leaves the address bar but stays with the operator's browser.
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await expect(page.getByTestId('mailbox-code')).toHaveText(code);
});

test("a signed-in merchant reads their own test emails from the band, and no one else's", async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const other = await createMerchant(request);
  for (const account of [merchant, other]) {
    await request.get('/api/users/otp', {
      params: { email: account.email },
      headers: { Authorization: `Bearer ${account.token}` },
    });
  }
  const code = await latestCode(request, merchant);

  await openAs(page, merchant, '/dashboard/recents');
  await page
    .getByRole('region', { name: 'Test mode' })
    .getByRole('link', { name: 'Read your test emails' })
    .click();

  await expect(page).toHaveURL(/\/sandbox\/my-mailbox$/);
  await expect(page.getByRole('heading', { name: 'Test emails', level: 1 })).toBeVisible();
  await expect(page.getByTestId('mailbox-message')).toHaveCount(1);
  await expect(page.getByTestId('mailbox-code')).toHaveText(code);
  await expect(page.getByTestId('mailbox-message')).toContainText(`To: ${merchant.email}`);
  await expect(page.getByText(other.email)).toHaveCount(0);
});
