import { randomUUID } from 'node:crypto';
import type { FxQuote } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../../src/features/money/ledger/ledger.verify.ts';
import {
  countRows,
  dbOf,
  fundWallet,
  type Merchant,
  signUpMerchant,
  sqlRows,
  useTestApp,
  walletBalance,
  walletIdsOf,
} from '../../helper.ts';
import { quote, requestConversion, sellNaira } from './fx-fixtures.ts';

/*
 * On PostgreSQL the conversions really race (a pool of connections); PGlite runs one transaction at a time, so
 * there they run one after another: the outcome must be the same either way.
 */
describe('POST /api/fx/conversions, many at once', () => {
  const ctx = useTestApp();

  const conversionDebits = (quoteIds: string[]) =>
    sqlRows<{ id: string; n: string | number }>(
      ctx.app,
      sql`select q.id, count(t.id) as n from fx_quotes q
          left join transactions t on t.order_reference = q.reference and t.transaction_channel = 'FX'
            and t.transaction_type = 'DEBIT'
          where q.id in (${sql.join(
            quoteIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          group by q.id`,
    );

  it('never overdraws one wallet, whatever the order, and posts each conversion once', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    const initial = 500_000_00;
    await fundWallet(ctx.app, wallets.NGN, initial);
    const quotes: FxQuote[] = [];
    for (let index = 0; index < 24; index++) {
      quotes.push(await quote(ctx.app, merchant, sellNaira(40_000_00 + index * 1_000_00)));
    }
    const asked = quotes.reduce((sum, priced) => sum + priced.amountIn, 0);
    expect(asked).toBeGreaterThan(initial);

    const responses = await Promise.all(
      quotes.map((priced) => requestConversion(ctx.app, merchant, priced.id)),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(
      codes.filter((code) => code !== 201 && code !== 409),
      JSON.stringify(codes),
    ).toEqual([]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().code).toBe('INSUFFICIENT_FUNDS');
    }
    const converted = quotes.filter((_, index) => responses[index]?.statusCode === 201);
    const refused = quotes.filter((_, index) => responses[index]?.statusCode === 409);
    expect(converted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    const spent = converted.reduce((sum, priced) => sum + priced.amountIn, 0);
    const naira = await walletBalance(ctx.app, wallets.NGN);
    expect(naira).toBe(initial - spent);
    expect(naira).toBeGreaterThanOrEqual(0);
    // Every refusal was right: the balance left could not have paid it.
    for (const priced of refused) expect(priced.amountIn).toBeGreaterThan(naira);
    expect(await walletBalance(ctx.app, wallets.USD)).toBe(
      converted.reduce((sum, priced) => sum + priced.amountOut, 0),
    );

    const debits = await conversionDebits(quotes.map((priced) => priced.id));
    for (const row of debits) {
      const wasConverted = converted.some((priced) => priced.id === row.id);
      expect(Number(row.n), row.id).toBe(wasConverted ? 1 : 0);
    }
    const report = await verifyLedger(dbOf(ctx.app));
    expect(report.ok, JSON.stringify(report.checks.filter((check) => check.violations > 0))).toBe(true);
  });

  it('converts one quote once when many keys race for it', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    await fundWallet(ctx.app, wallets.NGN, 1_000_000_00);
    const priced = await quote(ctx.app, merchant, sellNaira(100_000_00));
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => requestConversion(ctx.app, merchant, priced.id, randomUUID())),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, ...Array.from({ length: 11 }, () => 409)]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().code).toBe('QUOTE_ALREADY_USED');
    }
    expect(await walletBalance(ctx.app, wallets.NGN)).toBe(1_000_000_00 - priced.amountIn);
    expect(await walletBalance(ctx.app, wallets.USD)).toBe(priced.amountOut);
  });

  it('answers racing retries of one key once: the rest are replays or "in progress", and the money moves once', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    await fundWallet(ctx.app, wallets.NGN, 1_000_000_00);
    const priced = await quote(ctx.app, merchant, sellNaira(100_000_00));
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => requestConversion(ctx.app, merchant, priced.id, key)),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.body)).size).toBe(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    expect(await walletBalance(ctx.app, wallets.NGN)).toBe(1_000_000_00 - priced.amountIn);
  });

  it('runs conversions both ways between the same two wallets at once without deadlocking', async () => {
    const merchant: Merchant = await signUpMerchant(ctx.app);
    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    await fundWallet(ctx.app, wallets.NGN, 10_000_000_00);
    await fundWallet(ctx.app, wallets.USD, 10_000_00, 'USD');
    const quotes: FxQuote[] = [];
    for (let index = 0; index < 10; index++) {
      quotes.push(await quote(ctx.app, merchant, sellNaira(100_000_00)));
      quotes.push(await quote(ctx.app, merchant, { from: 'USD', to: 'NGN', amount: 50_00, side: 'sell' }));
    }
    const responses = await Promise.all(
      quotes.map((priced) => requestConversion(ctx.app, merchant, priced.id)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(quotes.map(() => 201));
    const nairaOut = quotes.filter((priced) => priced.from === 'NGN');
    const dollarsOut = quotes.filter((priced) => priced.from === 'USD');
    const sum = (list: FxQuote[], field: 'amountIn' | 'amountOut') =>
      list.reduce((total, priced) => total + priced[field], 0);
    expect(await walletBalance(ctx.app, wallets.NGN)).toBe(
      10_000_000_00 - sum(nairaOut, 'amountIn') + sum(dollarsOut, 'amountOut'),
    );
    expect(await walletBalance(ctx.app, wallets.USD)).toBe(
      10_000_00 - sum(dollarsOut, 'amountIn') + sum(nairaOut, 'amountOut'),
    );
    expect(
      await countRows(
        ctx.app,
        sql`select count(*) as n from fx_quotes where user_id = ${merchant.userId} and status = 'CONVERTED'`,
      ),
    ).toBe(20);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });
});
