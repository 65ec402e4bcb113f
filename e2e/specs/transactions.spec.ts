import { readFile } from 'node:fs/promises';
import {
  formatDate,
  formatDateTime,
  formatSignedMoney,
  PENDING_TRANSACTION_STATUSES,
  type TransactionSearchFilter,
} from '@bizdash/shared';
import { openAs } from '../support/fixtures';
import { exactPath } from '../support/helpers';
import { expect, expectRowIds, ids, searchApi, test } from '../support/seeded-session';

test.use({ viewport: { width: 1280, height: 800 } });

const TABS: { tab: string; label: string; filter: TransactionSearchFilter }[] = [
  { tab: 'all', label: 'All', filter: {} },
  { tab: 'credit', label: 'Credit', filter: { type: 'CREDIT' } },
  { tab: 'debit', label: 'Debit', filter: { type: 'DEBIT' } },
  { tab: 'pending', label: 'Pending', filter: { status: [...PENDING_TRANSACTION_STATUSES] } },
  { tab: 'failed', label: 'Failed', filter: { status: 'FAILED' } },
];

test('each tab shows the same first page as the API, in the same order', async ({
  page,
  request,
  seeded,
}) => {
  await openAs(page, seeded, '/transactions');
  await expect(page).toHaveURL(exactPath('/transactions/all'));
  const tabs = page.getByRole('navigation', { name: 'Transaction filters' });

  for (const { tab, label, filter } of TABS) {
    await tabs.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(exactPath(`/transactions/${tab}`));
    const expected = await searchApi(request, seeded, filter);
    expect(expected.items.length, `the seeded merchant has ${tab} transactions`).toBeGreaterThan(0);
    await expectRowIds(page, ids(expected));
    await expect(page.getByTestId('pagination-summary')).toContainText(
      `of ${expected.totalElements.toLocaleString('en')}`,
    );
  }
});

test('paging shows the API page and keeps the page number in the URL', async ({ page, request, seeded }) => {
  await openAs(page, seeded, '/transactions/all');
  const first = await searchApi(request, seeded, {}, 1);
  await expectRowIds(page, ids(first));
  await expect(page.getByText(`Page 1 of ${first.totalPages}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(exactPath('/transactions/all?page=2'));
  await expectRowIds(page, ids(await searchApi(request, seeded, {}, 2)));
  await expect(page.getByText(`Page 2 of ${first.totalPages}`)).toBeVisible();

  // The address alone is enough: a reload (or a shared link) opens the same page.
  await page.reload();
  await expectRowIds(page, ids(await searchApi(request, seeded, {}, 2)));
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(exactPath('/transactions/all'));
  await expectRowIds(page, ids(first));
});

test('a search matching more than 1,000 transactions says 1,000+ and pages on below the last row', async ({
  page,
  request,
  seeded,
}) => {
  // Every sale carries an order reference ORD-<digits>: the seeded merchant has more than 1,000.
  const first = await searchApi(request, seeded, { query: 'ORD-' });
  expect(first.totalCapped, 'the search matches more than 1,000 transactions').toBe(true);
  await openAs(page, seeded, '/transactions/all?q=ORD-');
  await expectRowIds(page, ids(first));
  await expect(page.getByTestId('pagination-summary')).toHaveText('Showing 1–10 of 1,000+ transactions');
  await expect(page.getByText('Page 1 of 100+')).toBeVisible();

  const next = page.waitForRequest((sent) => sent.url().includes(`after=${first.nextCursor}`));
  await page.getByRole('button', { name: 'Next' }).click();
  await next;
  await expectRowIds(page, ids(await searchApi(request, seeded, { query: 'ORD-' }, 2)));
  await expect(page.getByText('Page 2 of 100+')).toBeVisible();
});

test('search text and a date range narrow the list and live in the URL', async ({
  page,
  request,
  seeded,
}) => {
  await openAs(page, seeded, '/transactions/debit');
  const { items } = await searchApi(request, seeded, { type: 'DEBIT' });
  const text = items[0]?.description.split(' ').slice(0, 2).join(' ') ?? '';

  await page.getByLabel('Search').fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text);
  await expectRowIds(page, ids(await searchApi(request, seeded, { type: 'DEBIT', query: text })));

  const day = items[0]?.impactTime.slice(0, 10) ?? '';
  // The fields show days as the app does (05 Jan 2026) and also take them typed as YYYY-MM-DD.
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(formatDate(day));
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}$`));
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const narrowed = await searchApi(request, seeded, {
    type: 'DEBIT',
    query: text,
    from: new Date(year, month - 1, date).toISOString(),
    to: new Date(year, month - 1, date, 23, 59, 59, 999).toISOString(),
  });
  await expectRowIds(page, ids(narrowed));

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(exactPath('/transactions/debit'));
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expectRowIds(page, ids(await searchApi(request, seeded, { type: 'DEBIT' })));
});

test('a row opens Transaction Details with the values the API holds', async ({ page, request, seeded }) => {
  await openAs(page, seeded, '/transactions/debit');
  const { items } = await searchApi(request, seeded, { type: 'DEBIT' });
  const chosen = items[1];
  if (!chosen) throw new Error('the seeded merchant needs two debits');
  await expectRowIds(
    page,
    items.map((item) => item.id),
  );

  // From the keyboard: the row's name is a button.
  const row = page.locator(`[data-testid="transaction-row"][data-transaction-id="${chosen.id}"]`);
  await row.getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(dialog).toBeVisible();

  const detail = await request.get(`/api/transaction/${chosen.id}`, {
    headers: { Authorization: `Bearer ${seeded.token}` },
  });
  const fresh = (await detail.json()) as typeof chosen;
  await expect(dialog.getByTestId('detail-transaction-time')).toHaveText(formatDateTime(fresh.impactTime));
  await expect(dialog.getByTestId('detail-amount')).toHaveText(
    formatSignedMoney(fresh.transactionAmount, fresh.currencyCode, fresh.transactionType),
  );
  await expect(dialog.getByTestId('detail-description')).toHaveText(fresh.description);
  await expect(dialog.getByTestId('detail-transaction-id')).toContainText(fresh.transactionId);
  for (const label of ['Transaction Time', 'Amount', 'Description', 'Status', 'Type', 'Channel']) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await row.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('Export CSV downloads every row of the current tab, not just the page', async ({
  page,
  request,
  seeded,
}) => {
  await openAs(page, seeded, '/transactions/failed');
  const failed = await searchApi(request, seeded, { status: 'FAILED' });
  expect(failed.totalElements).toBeGreaterThan(10);
  await expectRowIds(page, ids(failed));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bizdash-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n').filter((line) => line.length > 0);
  expect(lines[0]).toContain('impactTime');
  // The seeded merchant's unpaid checkouts fail when they are 30 minutes old, so a long run can see a few more
  // FAILED rows at export time than the count read before it: the export holds every one there was at that time.
  const failedAfter = await searchApi(request, seeded, { status: 'FAILED' });
  expect(lines.length - 1).toBeGreaterThanOrEqual(failed.totalElements);
  expect(lines.length - 1).toBeLessThanOrEqual(failedAfter.totalElements);
  expect(lines.slice(1).every((line) => line.includes(',FAILED,'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});
