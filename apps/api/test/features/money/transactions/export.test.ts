import { randomUUID } from 'node:crypto';
import type { TransactionSearchFilter } from '@bizdash/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../../../src/db/schema/index.ts';
import type { NewTransactionRow } from '../../../../src/features/money/transactions/transactions.repository.ts';
import { recordTransaction } from '../../../../src/features/money/transactions/transactions.service.ts';
import {
  bearer,
  buildTestApp,
  dbOf,
  fundWallet,
  inTx,
  type Merchant,
  type MerchantWallets,
  signUpMerchant,
  type TestContext,
  walletIdsOf,
} from '../../../helper.ts';

const HEADER =
  'id,impactTime,description,beneficiary,type,status,amount,currency,channel,orderReference,walletId,parentTransactionId,failureReason';

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Volume rows straight into the table, as the seed script writes them; the impact time may be the database's own. */
type BulkRow = Omit<NewTransactionRow, 'impactTime'> & { id: string; impactTime: Date | SQL };

/** Major units back to minor ones without floats: "-1500.50" -> -150050. */
const toMinor = (amount: string) => Number(amount.replace('.', ''));

describe('POST /api/transaction/export', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let other: Merchant;
  let wallets: Omit<MerchantWallets, 'userId'>;
  let otherWallets: Omit<MerchantWallets, 'userId'>;
  /** Every row of the merchant as [id, impactTime ms, signed minor amount, status], newest first. */
  let expected: { id: string; time: number; signed: number; status: string }[];
  const special: Record<string, string> = {};

  const exportCsv = (filter: TransactionSearchFilter, token = merchant.token, headers = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/transaction/export',
      payload: filter,
      headers: { ...bearer(token), ...headers },
    });

  const bulkRows = (owner: string, walletId: string, count: number, time: (index: number) => Date | SQL) =>
    Array.from(
      { length: count },
      (_, index): BulkRow => ({
        id: randomUUID(),
        userId: owner,
        walletId,
        impactTime: time(index),
        description: `Bulk order ${index}`,
        transactionAmount: 100 + index,
        currencyCode: 'NGN',
        transactionType: index % 2 === 0 ? 'CREDIT' : 'DEBIT',
        transactionStatus: (['CREATED', 'FAILED', 'OTP_VERIFIED'] as const)[index % 3] ?? 'CREATED',
        transactionChannel: index % 2 === 0 ? 'CARD' : 'PAYOUT',
      }),
    );
  const insertBulk = async (rows: BulkRow[]) => {
    for (let start = 0; start < rows.length; start += 500) {
      await dbOf(ctx.app)
        .insert(transactions)
        .values(rows.slice(start, start + 500));
    }
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    other = await signUpMerchant(ctx.app, { businessName: 'Bola Gadgets' });
    wallets = await walletIdsOf(ctx.app, merchant.userId);
    otherWallets = await walletIdsOf(ctx.app, other.userId);
    await fundWallet(ctx.app, wallets.NGN, 1_000_000);

    // Pairs share a millisecond, so the order inside each pair comes from the id.
    const bulk = bulkRows(
      merchant.userId,
      wallets.NGN,
      2_500,
      (index) => new Date(Date.UTC(2025, 0, 1) + Math.floor(index / 2) * 1_000),
    );
    await insertBulk(bulk);
    const record = (overrides: Partial<Parameters<typeof recordTransaction>[1]>, minutes: number) =>
      inTx(ctx.app, (tx) =>
        recordTransaction(tx, {
          userId: merchant.userId,
          walletId: wallets.NGN,
          type: 'CREDIT',
          status: 'SUCCESSFUL',
          amount: 5_000,
          currency: 'NGN',
          description: 'Order',
          channel: 'CARD',
          counterparty: 'CUSTOMER_FUNDS',
          impactTime: new Date(Date.UTC(2025, 5, 1) + minutes * 60_000),
          ...overrides,
        }),
      );
    const specials = [
      await record(
        {
          type: 'DEBIT',
          amount: 150_050,
          description: 'Payout, to "Ada"',
          channel: 'PAYOUT',
          counterparty: 'PAYOUTS_IN_TRANSIT',
        },
        1,
      ),
      await record({ amount: 99, currency: 'USD', walletId: wallets.USD, description: 'Tiny tip' }, 2),
      await record(
        {
          description: '=HYPERLINK("http://evil.example","click")',
          beneficiary: '+2348031234567',
          orderReference: '@SUM(A1)',
        },
        3,
      ),
      await record({ description: '-10 discount\nsecond line' }, 4),
    ];
    for (const row of specials) special[row.description] = row.id;
    expected = [...bulk, ...specials]
      .map((row) => ({
        id: row.id,
        time: (row.impactTime as Date).getTime(),
        signed: row.transactionType === 'DEBIT' ? -row.transactionAmount : row.transactionAmount,
        status: row.transactionStatus,
      }))
      .sort((a, b) => b.time - a.time || (b.id < a.id ? -1 : 1));
  });
  afterAll(() => ctx.close());

  it('streams a header and every row, past one internal batch, newest first, as an attachment', async () => {
    const response = await exportCsv({});

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="bizdash-transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header?.join(',')).toBe(HEADER);
    expect(rows).toHaveLength(2_504);
    expect(rows.map((row) => row[0])).toEqual(expected.map((row) => row.id));
    // Signed major units: a spreadsheet's sum of the column is the net movement.
    const net = rows.reduce((sum, row) => sum + toMinor(row[6] as string), 0);
    expect(net).toBe(expected.reduce((sum, row) => sum + row.signed, 0));
  });

  it('writes amounts in major units with debits negative', async () => {
    const lines = (await exportCsv({ status: 'SUCCESSFUL' })).body.split('\r\n');
    const payout = lines.find((line) => line.startsWith(special['Payout, to "Ada"'] as string));
    expect(payout).toBe(
      `${special['Payout, to "Ada"']},2025-06-01T00:01:00.000Z,"Payout, to ""Ada""",,DEBIT,SUCCESSFUL,-1500.50,NGN,PAYOUT,,${wallets.NGN},,`,
    );
    const tip = lines.find((line) => line.startsWith(special['Tiny tip'] as string));
    expect(tip).toContain(',CREDIT,SUCCESSFUL,0.99,USD,CARD,');
  });

  it('defuses cells a spreadsheet would run as formulas and quotes what CSV needs quoted', async () => {
    const rows = parseCsv((await exportCsv({ status: 'SUCCESSFUL' })).body);
    const formula = rows.find((row) => row[0] === special['=HYPERLINK("http://evil.example","click")']);
    expect(formula?.slice(2, 4)).toEqual(['\'=HYPERLINK("http://evil.example","click")', "'+2348031234567"]);
    expect(formula?.[9]).toBe("'@SUM(A1)");
    const multiline = rows.find((row) => row[0] === special['-10 discount\nsecond line']);
    expect(multiline?.[2]).toBe("'-10 discount\nsecond line");
    expect(rows.every((row) => row.length === 13)).toBe(true);
  });

  it('exports exactly the rows the filter matches', async () => {
    const rows = parseCsv((await exportCsv({ status: 'FAILED', type: 'DEBIT' })).body).slice(1);
    const wanted = expected.filter((row) => row.status === 'FAILED' && row.signed < 0);
    expect(wanted.length).toBeGreaterThan(300);
    expect(rows.map((row) => row[0])).toEqual(wanted.map((row) => row.id));
    expect(rows.every((row) => row[4] === 'DEBIT' && row[5] === 'FAILED')).toBe(true);
  });

  it('exports every row when more than a batch share one database timestamp', async () => {
    // PostgreSQL's now() carries microseconds, which a JavaScript Date cannot hold: a whole import written in one
    // database transaction gets this one impact time.
    const importer = await signUpMerchant(ctx.app);
    const { NGN } = await walletIdsOf(ctx.app, importer.userId);
    const rows = bulkRows(
      importer.userId,
      NGN,
      2_050,
      () => sql`'2025-07-01 12:00:00.123456+00'::timestamptz`,
    );
    await insertBulk(rows);

    const exported = parseCsv((await exportCsv({}, importer.token)).body).slice(1);

    expect(exported).toHaveLength(2_050);
    expect(new Set(exported.map((row) => row[0]))).toEqual(new Set(rows.map((row) => row.id)));
  });

  it.each([
    ["another merchant's userId", () => ({ userId: other.userId }), () => ({})],
    ["another merchant's walletId", () => ({ walletId: otherWallets.NGN }), () => ({})],
    ['a user_id header naming another merchant', () => ({}), () => ({ user_id: other.userId })],
  ])('answers %s with 404 JSON and no CSV', async (_name, filter, headers) => {
    const response = await exportCsv(filter(), merchant.token, headers());
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().code).toBe('NOT_FOUND');
    expect(response.body).not.toContain(otherWallets.NGN);
  });
});
