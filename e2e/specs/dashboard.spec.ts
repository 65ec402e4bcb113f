import { randomUUID } from 'node:crypto';
import { CURRENCY_INFO, formatMoney, PENDING_TRANSACTION_STATUSES } from '@bizdash/shared';
import { openAs } from '../support/fixtures';
import { exactPath } from '../support/helpers';
import {
  expect,
  expectNoHorizontalOverflow,
  expectRowIds,
  ids,
  searchApi,
  test,
  walletsApi,
} from '../support/seeded-session';

const PENDING = { status: [...PENDING_TRANSACTION_STATUSES] };

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the balance cards show what GET /api/wallets holds', async ({ page, request, seeded }) => {
    await openAs(page, seeded, '/dashboard');
    await expect(page).toHaveURL(exactPath('/dashboard/recents'));
    const wallets = await walletsApi(request, seeded);
    expect(wallets.map((wallet) => wallet.currency).sort()).toEqual(['NGN', 'USD']);

    for (const wallet of wallets) {
      const card = page.getByTestId(`wallet-card-${wallet.currency}`);
      await expect(
        card.getByRole('heading', { name: `${CURRENCY_INFO[wallet.currency].name} account` }),
      ).toBeVisible();
      await expect(card.getByTestId('available-balance')).toHaveText(
        formatMoney(wallet.availableBalance, wallet.currency),
      );
      await expect(card.getByTestId('pending-amount')).toHaveText(
        formatMoney(wallet.pendingAmount, wallet.currency),
      );
      await expect(
        card.getByRole('link', { name: `${CURRENCY_INFO[wallet.currency].name} account` }),
      ).toHaveAttribute('href', `/accounts/${wallet.walletId}`);
    }
  });

  test('the chart draws the last 30 days, one currency at a time', async ({ page, seeded }) => {
    await openAs(page, seeded, '/dashboard/recents');
    const chart = page.getByTestId('money-flow-chart');
    await expect(
      chart.getByRole('img', { name: 'Money in and out per day (NGN), last 30 days' }),
    ).toBeVisible();
    await expect(chart.getByTestId('bar-in')).toHaveCount(30);
    await expect(chart.getByTestId('bar-out')).toHaveCount(30);
    // Successful money moved in the seeded month, so some bars have height.
    const heights = await chart
      .getByTestId('bar-in')
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('height'))));
    expect(heights.some((height) => height > 0)).toBe(true);
    await expect(page.getByTestId('money-flow-totals')).toContainText('Money in₦');

    await page.getByRole('button', { name: 'USD', exact: true }).click();
    await expect(
      chart.getByRole('img', { name: 'Money in and out per day (USD), last 30 days' }),
    ).toBeVisible();
    await expect(page.getByTestId('money-flow-totals')).toContainText('Money in$');

    // Below the fold on shorter windows (the Test mode band takes a row): bring it into view before pointing at it.
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    await page.mouse.move(box.x + box.width - 20, box.y + 100);
    await expect(page.getByTestId('chart-tooltip')).toContainText('Money out');
  });

  test('recents show the newest transactions and pending the pending ones, each with View all', async ({
    page,
    request,
    seeded,
  }) => {
    await openAs(page, seeded, '/dashboard/recents');
    await expectRowIds(page, ids(await searchApi(request, seeded, {})));
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    const views = page.getByRole('navigation', { name: 'Dashboard views' });
    await views.getByRole('link', { name: 'Pending' }).click();
    await expect(page).toHaveURL(exactPath('/dashboard/pending'));
    await expectRowIds(page, ids(await searchApi(request, seeded, PENDING)));
    await page.getByRole('link', { name: 'View all pending transactions' }).click();
    await expect(page).toHaveURL(exactPath('/transactions/pending'));

    await page.goto('/dashboard/recents');
    await page.getByRole('link', { name: 'View all transactions' }).click();
    await expect(page).toHaveURL(exactPath('/transactions/all'));
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  });

  test('the accounts list leads to each account and its recent and pending transactions', async ({
    page,
    request,
    seeded,
  }) => {
    const wallets = await walletsApi(request, seeded);
    const usd = wallets.find((wallet) => wallet.currency === 'USD');
    if (!usd) throw new Error('the seeded merchant has a USD wallet');
    await openAs(page, seeded, '/accounts');
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    for (const wallet of wallets) {
      const card = page.getByTestId(`wallet-card-${wallet.currency}`);
      await expect(card.getByTestId('available-balance')).toHaveText(
        formatMoney(wallet.availableBalance, wallet.currency),
      );
      await expect(card.getByTestId('account-status')).toHaveText(wallet.status.toLowerCase());
      await expect(card.getByText(wallet.walletId)).toBeVisible();
    }

    await page.getByRole('link', { name: 'Dollars account' }).click();
    await expect(page).toHaveURL(exactPath(`/accounts/${usd.walletId}/recents`));
    await expect(page.getByRole('heading', { name: 'Dollars account', level: 1 })).toBeVisible();
    await expect(page.getByTestId('available-balance')).toHaveText(formatMoney(usd.availableBalance, 'USD'));
    const recents = await searchApi(request, seeded, { walletId: usd.walletId });
    await expectRowIds(page, ids(recents));
    await expect(page.getByText(`Page 1 of ${recents.totalPages}`)).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Account views' })
      .getByRole('link', { name: 'Pending' })
      .click();
    await expect(page).toHaveURL(exactPath(`/accounts/${usd.walletId}/pending`));
    await expectRowIds(page, ids(await searchApi(request, seeded, { ...PENDING, walletId: usd.walletId })));
  });

  test("an account that is not the merchant's says it was not found", async ({ page, seeded }) => {
    await openAs(page, seeded, `/accounts/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to accounts' }).click();
    await expect(page).toHaveURL(exactPath('/accounts'));
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/transactions/all', '/dashboard/recents', '/accounts']) {
    test(`${path} does not scroll sideways`, async ({ page, seeded }) => {
      await openAs(page, seeded, path);
      await expect(
        page.getByTestId('transaction-row').or(page.getByTestId('wallet-card-NGN')).first(),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  }

  test('transactions are cards that open their details', async ({ page, request, seeded }) => {
    await openAs(page, seeded, '/transactions/all');
    const newest = await searchApi(request, seeded, {});
    const items = newest.items;
    await expectRowIds(page, ids(newest));
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByTestId('transaction-row').first().click();
    const dialog = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(dialog.getByTestId('detail-description')).toHaveText(items[0]?.description ?? '');
    await expectNoHorizontalOverflow(page);
  });
});
