import type { SandboxMailboxResponse } from '@bizdash/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { createMerchant, expect, type Merchant, newMerchantDetails, openAs, test } from '../support/fixtures';
import { fundNaira } from '../support/funding';
import { saveScreenshot, storedCredentials, toast } from '../support/helpers';
import { patience } from '../support/patience';
import {
  addPayoutAccount,
  approveKyc,
  gtbNuban,
  listPayouts,
  payOutFiveThousandNaira,
} from '../support/payouts';
import { mailboxHeaders } from '../support/sandbox-mailbox';

// The server runs with PAYOUT_NEW_ACCOUNT_HOLD_HOURS=0 (playwright.config.ts): a new account can receive at once.

/** A ₦20,000 sale: the business keeps ₦19,600.00 of it. */
const SALE_PRICE = 2_000_000;
const FIRST_PAGE_MS = 20_000;

/** The link of the invitation emailed to `email`, as a path on this server. */
async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const response = await request.get('/api/sandbox/mailbox', {
      params: { email },
      headers: mailboxHeaders,
    });
    expect(response.status()).toBe(200);
    const { messages } = (await response.json()) as SandboxMailboxResponse;
    const invitation = messages.find((message) => / invited you to /.test(message.subject));
    const url = /https?:\/\/\S+\/invitations\/accept\?token=\S+/.exec(invitation?.text ?? '')?.[0];
    expect(url, 'an invitation link').toBeDefined();
    const parsed = new URL(url as string);
    link = `${parsed.pathname}${parsed.search}`;
  }).toPass({ timeout: patience(5_000) });
  return link;
}

/** The member's first payout, through the dashboard's flow, confirmed with the code emailed to the member. */
async function payOutAsMember(page: Page, request: APIRequestContext, member: Merchant) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Payouts' })
    .click();
  await page.getByRole('link', { name: 'New payout' }).click();
  await payOutFiveThousandNaira(page, request, member);
}

test('the owner invites a finance member who pays out, cannot see the API key, is removed and signed out, and Activity shows it all', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(patience(180_000));
  const owner = await createMerchant(request);
  await approveKyc(request, owner);
  await fundNaira(request, owner, SALE_PRICE);
  await addPayoutAccount(request, owner, gtbNuban('023456789'));
  const invited = { ...newMerchantDetails(), firstName: 'Ngozi', lastName: 'Okeke' };
  const memberName = `${invited.firstName} ${invited.lastName}`;

  // The owner invites the accountant as Finance; the invitation waits in the list.
  await openAs(page, owner, '/settings/team');
  await page.getByRole('button', { name: 'Invite member' }).first().click({ timeout: FIRST_PAGE_MS });
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await dialog.getByLabel('Email').fill(invited.email);
  await dialog.getByLabel('Role').selectOption('finance');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toContainText(invited.email);

  // The accountant opens the emailed link in a browser of their own, creates their account and joins.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await memberContext.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  const memberPage = await memberContext.newPage();
  await memberPage.goto(await invitationLink(request, invited.email));
  await expect(memberPage.getByText(owner.businessName).first()).toBeVisible({ timeout: FIRST_PAGE_MS });
  await memberPage.getByRole('link', { name: 'Create account' }).click();
  await expect(memberPage.getByLabel('Email')).toHaveValue(invited.email);
  await memberPage.getByLabel('First Name').fill(invited.firstName);
  await memberPage.getByLabel('Last Name').fill(invited.lastName);
  await memberPage.getByLabel('Phone Number').fill(invited.phoneNumber);
  await memberPage.getByLabel('Company Name').fill(invited.businessName);
  await memberPage.getByLabel('Country of Business').selectOption(invited.countryOfBusiness);
  await memberPage.getByLabel('Password', { exact: true }).fill(invited.password);
  await memberPage.getByRole('button', { name: 'Create account' }).click();
  await memberPage
    .getByRole('button', { name: `Join ${owner.businessName}` })
    .click({ timeout: FIRST_PAGE_MS });
  await expect(toast(memberPage, `You joined ${owner.businessName}`)).toBeVisible();
  const credentials = await storedCredentials(memberPage);
  if (!credentials) throw new Error('the member is not signed in');
  const member: Merchant = { ...invited, token: credentials.token, userId: credentials.userId };

  // Finance pays out of the business's Naira wallet, confirmed with the code sent to the member, not the owner.
  await payOutAsMember(memberPage, request, member);
  const [payout] = await listPayouts(request, owner);
  expect(payout).toMatchObject({ amount: 500_000 });

  // Finance never sees the API key: no Developer Settings entry, and its page says who can.
  await memberPage.goto('/dashboard');
  const nav = memberPage.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Payouts' })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Developer Settings' })).toHaveCount(0);
  await saveScreenshot(memberPage, testInfo, 'team-finance-member-dashboard');
  await memberPage.goto('/settings/developer-settings');
  await expect(
    memberPage
      .getByText('Only an owner, admin or developer member can manage API keys, webhooks and apps')
      .first(),
  ).toBeVisible();
  await expect(memberPage.getByText(/bzk_(test|live)_/)).toHaveCount(0);
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await memberPage.goto('/dashboard');
  await expect(memberPage.getByTestId('wallet-card-NGN')).toBeVisible();
  await saveScreenshot(memberPage, testInfo, 'team-finance-member-dashboard-390');

  // The owner removes the member; the member's next step signs them out.
  await page.reload();
  const members = page.getByRole('table', { name: 'Team members' });
  await expect(members).toContainText(memberName);
  await saveScreenshot(page, testInfo, 'team-tab');
  await page.getByRole('button', { name: `Remove ${memberName}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${memberName}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByRole('button', { name: `Remove ${memberName}` })).toHaveCount(0);
  await memberPage.goto('/transactions');
  await expect(memberPage).toHaveURL(/\/signin/, { timeout: patience(10_000) });
  await memberContext.close();

  // The owner sees all of it in Activity, each entry naming who acted.
  await page.goto('/settings/activity');
  const activity = page.getByRole('table', { name: 'Activity' });
  const entry = (who: string, action: string) =>
    activity.getByRole('row').filter({ hasText: who }).filter({ hasText: action });
  await expect(entry('Chiamaka Eze', 'Invitation sent')).toHaveCount(1);
  await expect(entry(memberName, 'Invitation accepted')).toHaveCount(1);
  await expect(entry(memberName, 'Payout created')).toHaveCount(1);
  await expect(entry(memberName, 'Payout confirmed')).toHaveCount(1);
  await expect(entry('Chiamaka Eze', 'Member removed')).toHaveCount(1);
  await saveScreenshot(page, testInfo, 'team-activity');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, testInfo, 'team-activity-390');
  await page.goto('/settings/team');
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await saveScreenshot(page, testInfo, 'team-tab-390');
});
