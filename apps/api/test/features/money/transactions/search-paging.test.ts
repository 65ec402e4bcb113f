import { TRANSACTION_COUNT_CAP, type TransactionPage, TransactionPageSchema } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  inTx,
  type Merchant,
  signUpMerchant,
  type TestContext,
  walletIdsOf,
} from '../../../helper.ts';

const BASE = Date.parse('2025-06-01T00:00:00.000Z');

describe('POST /api/transaction/search: keyset pages and capped counts', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let ngnWallet: string;

  const search = async (body: object, query: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/transaction/search?${query}`,
      payload: body,
      headers: bearer(merchant.token),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const page = async (body: object, query: string): Promise<TransactionPage> =>
    TransactionPageSchema.parse((await search(body, query)).body);

  /** Pending card payments written straight into the table (no posting needed), one minute apart. */
  const insertPending = (count: number, description: string, startMinute: number) =>
    inTx(ctx.app, (tx) =>
      tx.execute(sql`
        insert into transactions (user_id, wallet_id, impact_time, description, transaction_amount, currency_code,
          transaction_type, transaction_status, transaction_channel)
        select ${merchant.userId}::uuid, ${ngnWallet}::uuid,
          ${new Date(BASE).toISOString()}::timestamptz + make_interval(mins => ${startMinute}::int + n),
          ${description}::text || ' #' || n, 1000 + n, 'NGN', 'CREDIT', 'CREATED', 'CARD'
        from generate_series(1, ${count}::int) as n`),
    );

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app, { businessName: 'Keyset Kitchens' });
    ngnWallet = (await walletIdsOf(ctx.app, merchant.userId)).NGN;
    await insertPending(TRANSACTION_COUNT_CAP, 'Jollof order', 0);
    await insertPending(1, 'Jollof refund', 5_000);
    await insertPending(25, 'Suya order', 6_000);
    // Older than the newest thousand rows: found through the text index, not the walk of recent rows.
    await insertPending(3, 'Egusi order', -100);
    // More than the cap, all older than the newest thousand rows.
    await insertPending(TRANSACTION_COUNT_CAP + 1, 'Moi moi order', -5_000);
  });
  afterAll(() => ctx.close());

  it("stops counting a search's matches past 1,000 and says so", async () => {
    const result = await page({ query: 'jollof' }, 'page=1&size=10');

    expect(result.items).toHaveLength(10);
    expect(result.items[0]?.description).toBe('Jollof refund #1');
    expect(result).toMatchObject({ totalElements: 1000, totalPages: 100, totalCapped: true });
  });

  it('counts exactly up to the cap', async () => {
    expect(await page({ query: 'jollof order' }, 'page=1&size=10')).toMatchObject({
      totalElements: 1000,
      totalCapped: false,
    });
    expect(await page({ query: 'suya', channel: 'CARD' }, 'page=1&size=10')).toMatchObject({
      totalElements: 25,
      totalCapped: false,
    });
  });

  it('counts from the counters, exactly, when no row filter needs the rows', async () => {
    expect(await page({ status: 'CREATED' }, 'page=1&size=10')).toMatchObject({
      totalElements: 2030,
      totalCapped: false,
    });
  });

  it('finds a word only the oldest rows hold, on every page, by number and by cursor', async () => {
    const first = await page({ query: 'egusi' }, 'page=1&size=2');
    const second = await page({ query: 'egusi' }, `page=2&size=2&after=${first.nextCursor}`);
    const secondByNumber = await page({ query: 'egusi' }, 'page=2&size=2');

    expect(first.items.map((item) => item.description)).toEqual(['Egusi order #3', 'Egusi order #2']);
    expect(first).toMatchObject({ totalElements: 3, totalCapped: false });
    expect(second.items.map((item) => item.description)).toEqual(['Egusi order #1']);
    expect(secondByNumber.items).toEqual(second.items);
    expect(second.nextCursor).toBeNull();
  });

  it('finds the newest matches of a word with more than 1,000 rows, all older than the newest thousand', async () => {
    const first = await page({ query: 'moi moi' }, 'page=1&size=3');
    const second = await page({ query: 'moi moi' }, `page=2&size=3&after=${first.nextCursor}`);

    expect(first).toMatchObject({ totalElements: 1000, totalCapped: true });
    expect([...first.items, ...second.items].map((item) => item.description)).toEqual(
      [1001, 1000, 999, 998, 997, 996].map((n) => `Moi moi order #${n}`),
    );
  });

  it('gives the same pages for a common word by number, deep or not, as by cursor', async () => {
    const byNumber = await page({ query: 'jollof' }, 'page=150&size=5');
    let cursor = '';
    let byCursor: TransactionPage | undefined;
    for (let pageNumber = 1; pageNumber <= 150; pageNumber += 1) {
      byCursor = await page(
        { query: 'jollof' },
        `page=${pageNumber}&size=5${cursor ? `&after=${cursor}` : ''}`,
      );
      cursor = byCursor.nextCursor ?? '';
    }
    expect(byNumber.items).toHaveLength(5);
    expect(byCursor?.items).toEqual(byNumber.items);
  });

  it('walks every match once, newest first, by following nextCursor', async () => {
    const seen: string[] = [];
    let query = 'page=1&size=4';
    for (let pageNumber = 1; ; pageNumber += 1) {
      const result = await page({ query: 'suya' }, query);
      seen.push(...result.items.map((item) => item.description));
      if (!result.nextCursor) break;
      query = `page=${pageNumber + 1}&size=4&after=${result.nextCursor}`;
    }

    expect(seen).toEqual(Array.from({ length: 25 }, (_, index) => `Suya order #${25 - index}`));
  });

  it('keeps the next page where it was when a new transaction arrives at the top', async () => {
    const first = await page({}, 'page=1&size=5');
    const second = await page({}, `page=2&size=5&after=${first.nextCursor}`);
    await insertPending(1, 'Suya order late', 9_000);

    const secondAgain = await page({}, `page=2&size=5&after=${first.nextCursor}`);
    const byOffset = await page({}, 'page=2&size=5');

    expect(secondAgain.items).toEqual(second.items);
    expect(byOffset.items[0]).toEqual(first.items[4]);
  });

  it('has no nextCursor on the last page', async () => {
    const result = await page({ query: 'jollof refund' }, 'page=1&size=10');
    expect(result.items).toHaveLength(1);
    expect(result.nextCursor).toBeNull();
  });

  it.each([
    'nonsense',
    '123',
    '123_not-a-uuid',
    '_6f1c0b4e-8f3a-4c39-9d2b-1f6b0c9a7e55',
    '1234567890123456_6f1c0b4e-8f3a-4c39-9d2b-1f6b0c9a7e55',
  ])('refuses the cursor %s with 400', async (after) => {
    const response = await search({}, `page=2&size=5&after=${encodeURIComponent(after)}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'Page cursor is invalid', code: 'VALIDATION_ERROR' });
  });
});
