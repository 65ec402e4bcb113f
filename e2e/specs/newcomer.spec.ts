import { formatMoney, SANDBOX_NAIRA_ACCOUNTS } from '@bizdash/shared';
import { type Browser, type BrowserContext, type Page, test } from '@playwright/test';
import { expect, newMerchantDetails } from '../support/fixtures';
import { fillSignUpForm, mainNav, toast } from '../support/helpers';
import { patience } from '../support/patience';
import { completeKycInWidget } from '../support/payouts';
import { startUnconfiguredServer } from '../support/unconfigured-server';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Every journey of SPEC as a newcomer walks it: `npm start` with no setting at all (not the suite's server, which
// shortens holds and raises rate limits), nothing but the pages, the Test mode band and the help they show.
const SALE = 2_000_000;
const SETTLES = SANDBOX_NAIRA_ACCOUNTS.find((account) => account.outcome === 'settles');

function collectErrors(page: Page, into: string[]) {
  const expected = /^Failed to load resource: the server responded with a status of 4\d\d/;
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.test(message.text())) into.push(message.text());
  });
  page.on('pageerror', (error) => into.push(error.message));
}

/** The newest code in the merchant's own test emails, opened from the Test mode band in a second tab. */
async function codeFromTestEmails(context: BrowserContext, page: Page, subject: RegExp): Promise<string> {
  const href = await page
    .getByRole('region', { name: 'Test mode' })
    .getByRole('link', { name: 'Read your test emails' })
    .getAttribute('href');
  const mail = await context.newPage();
  await mail.goto(href ?? '');
  await expect(mail.getByRole('heading', { name: 'Test emails' })).toBeVisible();
  const message = mail.getByTestId('mailbox-message').filter({ hasText: subject }).first();
  await expect(message).toBeVisible();
  const code = (await message.getByTestId('mailbox-code').textContent())?.trim() ?? '';
  await mail.close();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

test('a newcomer walks every journey on a server started with no configuration', async ({ browser }) => {
  test.setTimeout(patience(600_000));
  const server = await startUnconfiguredServer();
  try {
    await walkEveryJourney(browser, server);
  } finally {
    await server.stop();
  }
});

async function walkEveryJourney(
  browser: Browser,
  server: Awaited<ReturnType<typeof startUnconfiguredServer>>,
) {
  expect(server.output()).toContain(`Bizdash is running at ${server.baseURL}`);
  expect(server.output()).toContain('Test mode: on');
  expect(server.output()).toMatch(/Sandbox mailbox: http:\/\/localhost:\d+\/sandbox\/mailbox#key=/);

  const errors: string[] = [];
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A step that cannot happen fails in half a minute, not at the end of the whole walk.
  context.setDefaultTimeout(patience(30_000));
  const page = await context.newPage();
  collectErrors(page, errors);

  // Sign up (the cookie banner answered first), verify the email with the code from the test emails.
  const details = newMerchantDetails();
  await page.goto('/signup');
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
  await fillSignUpForm(page, details);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
    timeout: patience(20_000),
  });
  const verification = page.getByRole('region', { name: 'Email verification' });
  await verification.getByRole('button', { name: 'Send verification code' }).click();
  await verification.getByLabel('Verification code').fill(await codeFromTestEmails(context, page, /code/i));
  await verification.getByRole('button', { name: 'Verify email' }).click();
  await expect(toast(page, 'Email address verified')).toBeVisible();

  // KYC in the sandbox widget, then a Naira settlement account from the form's own list of test numbers.
  await page.goto('/settings/documents');
  await completeKycInWidget(page);
  await page.goto('/settings/settlement-account');
  await page.getByRole('button', { name: 'Add New' }).click();
  await page
    .getByRole('dialog', { name: 'Add settlement account' })
    .getByRole('button', { name: /Naira/ })
    .click();
  const form = page.getByRole('dialog', { name: 'Add Naira bank account' });
  await form.getByText('Test account numbers').click();
  await expect(form.getByRole('button', { name: `Use ${SETTLES?.accountNumber}` })).toBeVisible();
  await form.getByRole('button', { name: `Use ${SETTLES?.accountNumber}` }).click();
  await expect(form.getByTestId('resolved-account-name')).toBeVisible();
  await form.getByLabel('Account type').selectOption({ label: 'Savings' });
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(toast(page, 'Bank account added successfully')).toBeVisible();

  // A product, its payment link paid by a customer with a test card; the sale and its fee in Transactions.
  await mainNav(page).getByRole('link', { name: 'Payment Link' }).click();
  await page.getByRole('button', { name: 'Add product' }).click();
  const product = page.getByRole('dialog', { name: 'Add product' });
  await product.getByLabel('Product name').fill('Adire scarf');
  await product.getByLabel('Description').fill('Hand-dyed indigo adire.');
  await product.getByLabel('Price').fill('20,000');
  await product.getByLabel('Currency').selectOption('NGN');
  await product.getByLabel('Quantity available').fill('10');
  await product.getByRole('button', { name: 'Create product' }).click();
  await expect(product).toBeHidden();
  await page.getByRole('button', { name: 'Copy payment link for Adire scarf' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link.startsWith(`${server.baseURL}/pay/`)).toBe(true);

  const shopper = await browser.newContext({ viewport: { width: 390, height: 844 } });
  shopper.setDefaultTimeout(patience(30_000));
  const shop = await shopper.newPage();
  collectErrors(shop, errors);
  await shop.goto(link);
  await shop.getByLabel('Full name').fill('Tolu Adeyemi');
  await shop.getByLabel('Email address').fill('tolu.adeyemi@example.com');
  await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shop.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shop.getByLabel('CVV').fill('123');
  await shop.getByRole('button', { name: `Pay ${formatMoney(SALE, 'NGN')}` }).click();
  await expect(shop.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: patience(20_000),
  });
  await shopper.close();

  await mainNav(page).getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Adire scarf' }).first()).toBeVisible();

  // A webhook to a receiver on this machine: saved as it is, a test event arrives.
  const receiver = await startWebhookReceiver();
  try {
    await page.goto('/settings/developer-settings');
    await page
      .getByRole('textbox', { name: 'Webhook URL' })
      .fill(receiver.url.replace('127.0.0.1', 'localhost'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Webhook updated successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(toast(page, 'Test event sent')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: patience(30_000) }).toBeGreaterThan(0);
  } finally {
    await receiver.close();
  }

  // A payout to the new account: the screen says when the account opens and opens it by itself.
  await mainNav(page).getByRole('link', { name: 'Payouts' }).click();
  await page.getByRole('link', { name: 'New payout' }).click();
  await page.getByRole('radio', { name: /Naira wallet/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Amount (NGN)').fill('5,000');
  await page.getByRole('button', { name: 'Continue' }).click();
  const account = page.getByRole('radio', { name: /Guaranty Trust Bank/ });
  await expect(account).toBeEnabled({ timeout: patience(240_000) });
  await account.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send payout' }).click();
  await expect(toast(page, 'Payout ready to confirm')).toBeVisible();
  await page
    .getByLabel('Enter the 6-digit code we emailed you')
    .fill(await codeFromTestEmails(context, page, /payout/i));
  await page.getByRole('button', { name: 'Confirm payout' }).click();
  await expect(page.getByRole('heading', { name: 'Payout sent' })).toBeVisible({ timeout: patience(30_000) });

  await context.close();
  expect(errors, 'errors logged in the pages').toEqual([]);
}
