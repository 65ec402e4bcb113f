import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, type Merchant, type newMerchantDetails } from './fixtures';
import { patience } from './patience';
import { mailboxHeaders } from './sandbox-mailbox';

export const COOKIE_TEXT = 'We use cookies to ensure you get the best experience on our website.';

export interface StoredCredentials {
  token: string;
  userId: string;
}

/** The cookie choice is already made: for tests whose subject is not the banner. */
export async function acceptCookiesUpFront(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
}

export async function storedCredentials(page: Page): Promise<StoredCredentials | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('credentials'));
  return raw ? (JSON.parse(raw) as StoredCredentials) : null;
}

export async function fillSignUpForm(page: Page, details: ReturnType<typeof newMerchantDetails>) {
  await page.getByLabel('First Name').fill(details.firstName);
  await page.getByLabel('Last Name').fill(details.lastName);
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel('Phone Number').fill(details.phoneNumber);
  await page.getByLabel('Company Name').fill(details.businessName);
  await page.getByLabel('Country of Business').selectOption(details.countryOfBusiness);
  await page.getByLabel('Password', { exact: true }).fill(details.password);
}

/** A toast (react-hot-toast renders each message as a polite status). */
export function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** Exact match on the path, no query string or hash left over. */
export function exactPath(pathname: string): RegExp {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https?://[^/]+${escaped}$`);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT-shaped token whose exp lies in the past (the client decodes it without verifying). */
export function expiredToken(userId: string): string {
  const issuedAt = Math.floor(Date.now() / 1000) - 7200;
  const header = base64url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64url({ sub: userId, iat: issuedAt, exp: issuedAt + 3600 });
  return `${header}.${payload}.c2lnbmF0dXJl`;
}

/** What the API holds for the merchant right now, read with the given token. */
export async function fetchUser(request: APIRequestContext, credentials: StoredCredentials) {
  const response = await request.get(`/api/users/${credentials.userId}`, {
    headers: { Authorization: `Bearer ${credentials.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The latest 6-digit code the sandbox email provider sent to the merchant. */
export async function latestCode(request: APIRequestContext, merchant: Merchant): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get('/api/sandbox/mailbox', {
      params: { email: merchant.email },
      headers: mailboxHeaders,
    });
    expect(response.status()).toBe(200);
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
    expect(code, 'a code in the newest email').toBeDefined();
  }).toPass({ timeout: patience(5_000) });
  return code as string;
}

/**
 * WCAG 2.1 A/AA scan; only serious and critical violations fail, listed in the message. `include` scans only what
 * matches it: an open menu, whose modal layer hides the page behind it with aria-hidden (which axe reports as
 * focusable content hidden, though the menu holds the focus).
 */
export async function expectNoSeriousA11yViolations(page: Page, { include }: { include?: string } = {}) {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (include ? axe.include(include) : axe).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n')}`,
    )
    .join('\n');
  expect(serious, `accessibility violations on ${page.url()}:\n${report}`).toEqual([]);
}

/** Full-page screenshot into test-results/screenshots/ for a person to look at (`fullPage: false` for a modal). */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  // From the top: a page left scrolled keeps its sticky top bar where the scroll put it, over the page's start.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(testInfo.project.outputDir, 'screenshots', `${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}
