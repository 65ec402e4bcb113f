import {
  type Transaction,
  type TransactionChannel,
  TransactionPageSchema,
  type TransactionSearchFilter,
  type TransactionStatus,
} from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordTransaction,
  toTransaction,
} from '../../../../src/features/money/transactions/transactions.service.ts';
import {
  bearer,
  buildTestApp,
  fundWallet,
  inTx,
  type Merchant,
  type MerchantWallets,
  signUpMerchant,
  type TestContext,
  walletIdsOf,
} from '../../../helper.ts';

const BASE = Date.parse('2025-03-01T00:00:00.000Z');
const HOUR = 3_600_000;
const STATUSES: TransactionStatus[] = ['SUCCESSFUL', 'SUCCESSFUL', 'CREATED', 'FAILED', 'OTP_VERIFIED'];
const WORDS = ['Order', 'Invoice', 'Subscription', 'Payout'];

/** Newest first, ties (same impactTime) by id descending: the order every list promises. */
const newestFirst = (a: Transaction, b: Transaction) =>
  b.impactTime.localeCompare(a.impactTime) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

describe('POST /api/transaction/search', () => {
  let ctx: TestContext;
  let merchantA: Merchant;
  let merchantB: Merchant;
  let walletsA: Omit<MerchantWallets, 'userId'>;
  let walletsB: Omit<MerchantWallets, 'userId'>;
  /** Everything A owns, in the order the API must return it. */
  let all: Transaction[];
  let bTransactions: Transaction[];

  const search = (filter: TransactionSearchFilter, query = 'page=1&size=100', token = merchantA.token) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/transaction/search?${query}`,
      payload: filter,
      headers: bearer(token),
    });

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchantA = await signUpMerchant(ctx.app, { businessName: 'Amaka Stores' });
    merchantB = await signUpMerchant(ctx.app, { businessName: 'Bola Gadgets' });
    walletsA = await walletIdsOf(ctx.app, merchantA.userId);
    walletsB = await walletIdsOf(ctx.app, merchantB.userId);
    await fundWallet(ctx.app, walletsA.NGN, 100_000_000);
    await fundWallet(ctx.app, walletsA.USD, 100_000_000, 'USD');
    const rows = await inTx(ctx.app, async (tx) => {
      const recorded = [];
      for (let index = 0; index < 60; index += 1) {
        const currency = index % 4 === 3 ? 'USD' : 'NGN';
        const type = index % 3 === 0 ? 'DEBIT' : 'CREDIT';
        const channel: TransactionChannel =
          type === 'DEBIT' ? 'PAYOUT' : index % 2 === 0 ? 'CARD' : 'BANK_TRANSFER';
        recorded.push(
          await recordTransaction(tx, {
            userId: merchantA.userId,
            walletId: walletsA[currency],
            type,
            status: STATUSES[index % 5] ?? 'SUCCESSFUL',
            amount: 1_000 + index * 113,
            currency,
            description: index === 7 ? 'Promo 50% off' : `${WORDS[index % 4]} number ${index}`,
            channel,
            counterparty: type === 'DEBIT' ? 'PAYOUTS_IN_TRANSIT' : 'CUSTOMER_FUNDS',
            beneficiary: index % 5 === 0 ? `Chidi Okeke ${index}` : null,
            orderReference: index % 6 === 0 ? `ORD-${1_000 + index}` : null,
            // Pairs share an impact time, so the tie-break decides their order.
            impactTime: new Date(BASE + Math.floor(index / 2) * HOUR),
          }),
        );
      }
      return recorded;
    });
    all = rows.map(toTransaction).sort(newestFirst);
    // One after another: a transaction is one connection, which runs one query at a time (pg@9 refuses more).
    const bRows = await inTx(ctx.app, async (tx) => {
      const recorded = [];
      for (const description of ['Order number 1', 'Invoice for Bola', 'Secret B payout']) {
        recorded.push(
          await recordTransaction(tx, {
            userId: merchantB.userId,
            walletId: walletsB.NGN,
            type: 'CREDIT',
            status: 'CREATED',
            amount: 4_200,
            currency: 'NGN',
            description,
            channel: 'CARD',
            counterparty: 'CUSTOMER_FUNDS',
            impactTime: new Date(BASE + 5 * HOUR),
          }),
        );
      }
      return recorded;
    });
    bTransactions = bRows.map(toTransaction);
  });
  afterAll(() => ctx.close());

  it("returns the caller's transactions newest first with the page's counts", async () => {
    const response = await search({}, 'page=1&size=10');

    expect(response.statusCode).toBe(200);
    const page = TransactionPageSchema.parse(response.json());
    expect(page).toEqual({
      items: all.slice(0, 10),
      page: 1,
      size: 10,
      totalElements: 60,
      totalPages: 6,
      totalCapped: false,
      nextCursor: `${Date.parse(all[9]?.impactTime ?? '')}_${all[9]?.id}`,
    });
  });

  it('breaks ties of impactTime by id, descending', async () => {
    const items = TransactionPageSchema.parse((await search({})).json()).items;
    const tied = items.filter((item, index) => items[index + 1]?.impactTime === item.impactTime);
    expect(tied.length).toBeGreaterThanOrEqual(25);
    for (const first of tied) {
      const next = items[items.indexOf(first) + 1] as Transaction;
      expect(first.id > next.id).toBe(true);
    }
  });

  const at = (hours: number) => new Date(BASE + hours * HOUR).toISOString();
  const filters: [string, () => TransactionSearchFilter, (item: Transaction) => boolean][] = [
    ['one status', () => ({ status: 'FAILED' }), (item) => item.transactionStatus === 'FAILED'],
    [
      'a list of statuses',
      () => ({ status: ['CREATED', 'OTP_VERIFIED'] }),
      (item) => ['CREATED', 'OTP_VERIFIED'].includes(item.transactionStatus),
    ],
    ['a type', () => ({ type: 'DEBIT' }), (item) => item.transactionType === 'DEBIT'],
    ['a wallet', () => ({ walletId: walletsA.USD }), (item) => item.walletId === walletsA.USD],
    ['a currency', () => ({ currency: 'USD' }), (item) => item.currencyCode === 'USD'],
    ['a channel', () => ({ channel: 'CARD' }), (item) => item.transactionChannel === 'CARD'],
    [
      'a time range (both ends included)',
      () => ({ from: at(5), to: at(12) }),
      (item) => item.impactTime >= at(5) && item.impactTime <= at(12),
    ],
    [
      'text in the description, any case',
      () => ({ query: 'INVOICE' }),
      (item) => item.description.startsWith('Invoice'),
    ],
    ['text in the beneficiary', () => ({ query: 'chidi okeke' }), (item) => item.beneficiary !== null],
    ['an order reference', () => ({ query: 'ORD-1042' }), (item) => item.orderReference === 'ORD-1042'],
    ['a % taken literally', () => ({ query: '50%' }), (item) => item.description === 'Promo 50% off'],
    ['an exact transaction id', () => ({ query: all[17]?.id }), (item) => item.id === all[17]?.id],
    [
      'type, status and currency together',
      () => ({ type: 'CREDIT', status: 'SUCCESSFUL', currency: 'NGN' }),
      (item) =>
        item.transactionType === 'CREDIT' &&
        item.transactionStatus === 'SUCCESSFUL' &&
        item.currencyCode === 'NGN',
    ],
    [
      'status list, wallet and a time range together',
      () => ({ status: ['SUCCESSFUL', 'FAILED'], walletId: walletsA.NGN, from: at(3) }),
      (item) =>
        ['SUCCESSFUL', 'FAILED'].includes(item.transactionStatus) &&
        item.walletId === walletsA.NGN &&
        item.impactTime >= at(3),
    ],
    [
      'text and a type together',
      () => ({ query: 'order', type: 'DEBIT', channel: 'PAYOUT' }),
      (item) => item.description.startsWith('Order') && item.transactionType === 'DEBIT',
    ],
  ];
  it.each(filters)(
    'filters by %s, with totalElements counting every match',
    async (_name, filter, matches) => {
      const expected = all.filter(matches);
      expect(expected.length).toBeGreaterThan(0);

      const full = TransactionPageSchema.parse((await search(filter())).json());
      const firstPage = TransactionPageSchema.parse((await search(filter(), 'page=1&size=2')).json());

      expect(full.items).toEqual(expected);
      expect(full.totalElements).toBe(expected.length);
      expect(firstPage.items).toEqual(expected.slice(0, 2));
      expect(firstPage.totalElements).toBe(expected.length);
      expect(firstPage.totalPages).toBe(Math.ceil(expected.length / 2));
    },
  );

  it('serves the pages in order, the last one partial, without gaps or duplicates', async () => {
    const pages = [];
    for (let page = 1; page <= 9; page += 1) {
      pages.push(TransactionPageSchema.parse((await search({}, `page=${page}&size=7`)).json()));
    }

    expect(pages.map((page) => page.items.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 4]);
    expect(pages.every((page) => page.totalElements === 60 && page.totalPages === 9)).toBe(true);
    expect(pages.flatMap((page) => page.items)).toEqual(all);
  });

  it('answers a page beyond the last with no items and the true totals', async () => {
    for (const query of ['page=10&size=7', 'page=1000000&size=100']) {
      const page = TransactionPageSchema.parse((await search({}, query)).json());
      expect(page.items).toEqual([]);
      expect(page.totalElements).toBe(60);
      expect(page.totalPages).toBe(Math.ceil(60 / page.size));
    }
  });

  it.each([
    ['size=0', 'size must be between 1 and 100'],
    ['size=101', 'size must be between 1 and 100'],
    ['page=0', 'page starts at 1'],
    ['page=two', 'page must be a number'],
    ['size=ten', 'size must be a number'],
    ['page=1.5', 'page must be a number'],
  ])('refuses %s with 400 and the reason', async (query, message) => {
    const response = await search({}, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('refuses a range whose from is after its to', async () => {
    const response = await search({ from: at(10), to: at(9) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The start date must be on or before the end date.');
  });

  // The refine must compare instants: as strings, offsets and fractions of a second sort wrongly.
  it.each([
    ['accepts 10:00+05:00 (05:00Z) to 06:00Z', '2025-03-01T10:00:00+05:00', '2025-03-01T06:00:00Z', 200],
    ['accepts 05:00Z to 05:00:00.500Z', '2025-03-01T05:00:00Z', '2025-03-01T05:00:00.500Z', 200],
    ['refuses 09:00-05:00 (14:00Z) to 10:00Z', '2025-03-01T09:00:00-05:00', '2025-03-01T10:00:00Z', 400],
  ])('compares from and to as instants: %s', async (_name, from, to, status) => {
    const response = await search({ from, to });
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      const expected = all.filter(
        (item) =>
          item.impactTime >= new Date(from).toISOString() && item.impactTime <= new Date(to).toISOString(),
      );
      expect(response.json().items).toEqual(expected);
    } else {
      expect(response.json().error).toBe('The start date must be on or before the end date.');
    }
  });

  describe('ownership', () => {
    const noTraceOfB = (body: string) => {
      for (const item of bTransactions) expect(body).not.toContain(item.id);
      expect(body).not.toMatch(/Secret B payout|Bola/);
      expect(body).not.toContain(walletsB.NGN);
    };

    it.each([
      ["B's userId in the filter", () => ({ userId: merchantB.userId }), 'User not found'],
      ["B's walletId in the filter", () => ({ walletId: walletsB.NGN }), 'Wallet not found'],
    ])('answers %s with 404 and nothing of B', async (_name, filter, message) => {
      const response = await search(filter());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: message, code: 'NOT_FOUND' });
      noTraceOfB(response.body);
    });

    it('answers a user_id header naming B with 404', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/transaction/search',
        payload: {},
        headers: { ...bearer(merchantA.token), user_id: merchantB.userId },
      });
      expect(response.statusCode).toBe(404);
      noTraceOfB(response.body);
    });

    it("finds nothing when A's text query is one of B's ids or descriptions", async () => {
      for (const query of [bTransactions[0]?.id, 'Secret B payout']) {
        const response = await search({ query });
        expect(response.json()).toMatchObject({ items: [], totalElements: 0 });
      }
    });
  });
});
