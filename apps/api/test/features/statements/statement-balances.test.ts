import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachOwnedWalletEntry } from '../../../src/features/money/index.ts';
import { advanceDuePayouts } from '../../../src/features/payouts/index.ts';
import { randomSource } from '../../../src/seed/demo-transactions.ts';
import {
  bearer,
  buildTestApp,
  dbOf,
  type Merchant,
  signUpMerchant,
  type TestContext,
  walletBalance,
} from '../../helper.ts';
import { createProduct, pay, paymentRow } from '../checkout/checkout-fixtures.ts';
import { convert, quote, sellNaira } from '../fx/fx-fixtures.ts';
import { emailedCode, RAIL_ACCOUNTS, readyMerchant, settlementAccount } from '../payouts/payout-fixtures.ts';
import { refund, settleRefunds } from '../refunds/refund-fixtures.ts';
import {
  backdatedHistory,
  DAY,
  getStatement,
  ledgerCount,
  ledgerSum,
  minorUnits,
  parseCsv,
} from './statement-fixtures.ts';

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/*
 * A merchant with a year and more of varied activity: months of backdated postings (sales and their fees, refunds,
 * payouts, returned payouts), then today's through the services themselves (card sales, a refund, a payout and a
 * returned one, a conversion). Every statement must add up, and agree with the ledger's own sums.
 */
describe('GET /api/wallets/{walletId}/statement: balances against the ledger', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let walletId: string;
  let usdWalletId: string;

  async function payOut(bankAccountId: string, amount: number) {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(merchant.token), 'idempotency-key': `payout-${randomUUID()}` },
      payload: { walletId, bankAccountId, amount },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json() as { id: string };
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/payouts/${id}/confirm`,
      headers: bearer(merchant.token),
      payload: { code: await emailedCode(ctx.app, merchant.email) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    const ready = await readyMerchant(ctx.app, merchant, 5_000_000);
    walletId = ready.walletId;
    usdWalletId = ready.wallets.USD;
    await backdatedHistory(ctx.app, walletId, { movements: 400, days: 420, seed: 25 });

    const product = await createProduct(ctx.app, merchant, { amount: 750_000 });
    const sale = await pay(ctx.app, product.recordId);
    await pay(ctx.app, product.recordId);
    const { transactionId } = await paymentRow(ctx.app, sale.paymentId);
    await refund(ctx.app, merchant, { transactionId, amount: 200_000 });
    await settleRefunds(ctx.app);
    await payOut(ready.bankAccountId, 1_000_000);
    await payOut(
      await settlementAccount(ctx.app, merchant.userId, { accountNumber: RAIL_ACCOUNTS.closed }),
      300_000,
    );
    for (let run = 0; run < 3; run++) {
      await advanceDuePayouts(ctx.app.deps, ctx.app.log, new Date(Date.now() + 3_600_000));
    }
    await convert(ctx.app, merchant, (await quote(ctx.app, merchant, sellNaira(1_000_000))).id);
  }, 120_000);
  afterAll(() => ctx.close());

  async function csvStatement(wallet: string, from: string, to: string) {
    const response = await getStatement(ctx.app, bearer(merchant.token), wallet, { from, to, format: 'csv' });
    expect(response.statusCode, response.body).toBe(200);
    return parseCsv(response.body);
  }

  /** The statement's own arithmetic, and its opening, closing and count against the ledger's sums. */
  async function expectStatementAddsUp(wallet: string, from: string, to: string) {
    const [header, opening, ...rest] = await csvStatement(wallet, from, to);
    expect(header).toEqual(['date', 'description', 'reference', 'kind', 'in', 'out', 'balance', 'currency']);
    const totals = rest.splice(-5);
    const closing = rest.pop();
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(Math.min(Date.parse(`${to}T00:00:00Z`) + DAY, Date.now()));
    const where = `${from} to ${to}`;

    expect(opening?.[3], where).toBe('OPENING_BALANCE');
    expect(minorUnits(opening?.[6] ?? ''), where).toBe(await ledgerSum(ctx.app, wallet, start));
    let balance = minorUnits(opening?.[6] ?? '');
    let previous = '';
    for (const row of rest) {
      balance += minorUnits(row[4] ?? '') - minorUnits(row[5] ?? '');
      expect(minorUnits(row[6] ?? ''), `${where}: ${row.join(',')}`).toBe(balance);
      expect(row[0] && row[0] >= previous, `${where}: posting order`).toBe(true);
      previous = row[0] ?? '';
    }
    expect(rest.length, where).toBe(await ledgerCount(ctx.app, wallet, start, end));
    expect(closing?.[3], where).toBe('CLOSING_BALANCE');
    expect(minorUnits(closing?.[6] ?? ''), where).toBe(balance);
    expect(balance, where).toBe(await ledgerSum(ctx.app, wallet, end));

    const sumOf = (column: 4 | 5, kinds?: string[]) =>
      rest
        .filter((row) => !kinds || kinds.includes(row[3] ?? ''))
        .reduce((total, row) => total + minorUnits(row[column] ?? ''), 0);
    const paid = (kind: string) =>
      sumOf(5, [kind, `${kind}_REVERSAL`]) - sumOf(4, [kind, `${kind}_REVERSAL`]);
    expect(
      Object.fromEntries(totals.map((row) => [row[3], minorUnits(row[4] || row[5] || '')])),
      where,
    ).toEqual({
      TOTAL_IN: sumOf(4),
      TOTAL_OUT: sumOf(5),
      TOTAL_FEES: paid('FEE'),
      TOTAL_REFUNDS: paid('REFUND'),
      TOTAL_PAYOUTS: paid('PAYOUT'),
    });
    return { rows: rest, opening: minorUnits(opening?.[6] ?? ''), closing: balance };
  }

  it('adds up for random periods of the last 14 months: opening and entries make the closing, as the ledger sums them', async () => {
    const random = randomSource(2025);
    for (let sample = 0; sample < 8; sample++) {
      const days = random.int(1, 366);
      const endsAgo = random.int(0, 430 - days);
      const to = utcDay(Date.now() - endsAgo * DAY);
      const from = utcDay(Date.now() - (endsAgo + days - 1) * DAY);
      await expectStatementAddsUp(walletId, from, to);
    }
  }, 120_000);

  it("ends today's statement at the wallet's balance, with each kind of today's activity on it", async () => {
    const today = utcDay(Date.now());
    const { rows, closing } = await expectStatementAddsUp(walletId, today, today);
    expect(closing).toBe(await walletBalance(ctx.app, walletId));
    const kinds = new Set(rows.map((row) => row[3]));
    for (const kind of ['ADJUSTMENT', 'PAYMENT', 'FEE', 'REFUND', 'PAYOUT', 'PAYOUT_REVERSAL', 'FX']) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it('gives the other wallet a statement of its own: the converted dollars', async () => {
    const today = utcDay(Date.now());
    const { rows, opening, closing } = await expectStatementAddsUp(usdWalletId, today, today);
    expect(opening).toBe(0);
    expect(rows.map((row) => [row[3], row[7]])).toEqual([['FX', 'USD']]);
    expect(closing).toBe(await walletBalance(ctx.app, usdWalletId));
  });

  it('reads the same entries in the same order whatever the page size, across pages with equal times', async () => {
    const window = { walletId, start: new Date(Date.now() - 430 * DAY), until: new Date() };
    const read = async (size: number) => {
      const entries = [];
      for await (const entry of eachOwnedWalletEntry(dbOf(ctx.app), merchant.userId, window, size))
        entries.push(entry);
      return entries;
    };
    const whole = await read(100_000);
    expect(whole.length).toBe(await ledgerCount(ctx.app, walletId, window.start, window.until));
    expect(await read(7)).toEqual(whole);
    expect(await read(1)).toEqual(whole);
    const someoneElse = await signUpMerchant(ctx.app);
    const theirs = eachOwnedWalletEntry(dbOf(ctx.app), someoneElse.userId, window, 7);
    expect((await theirs.next()).done).toBe(true);
  });

  it('opens at zero before any activity and a full year agrees with the ledger too', async () => {
    const before = await expectStatementAddsUp(walletId, '2020-01-01', '2020-12-31');
    expect(before).toEqual({ rows: [], opening: 0, closing: 0 });
    await expectStatementAddsUp(walletId, utcDay(Date.now() - 365 * DAY), utcDay(Date.now()));
  });
});
