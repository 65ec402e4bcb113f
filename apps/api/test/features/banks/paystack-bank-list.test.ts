import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NIGERIAN_BANKS, UNKNOWN_BANK } from '@bizdash/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BANK_LIST_UNAVAILABLE, createBankList } from '../../../src/features/banks/bank-list.ts';
import type {
  BankDirectoryProvider,
  DirectoryBank,
} from '../../../src/providers/bank-directory/bank-directory-provider.ts';
import { createPaystackBankDirectory } from '../../../src/providers/bank-directory/paystack-bank-directory.ts';
import { sandboxAccountName } from '../../../src/providers/bank-directory/sandbox-bank-directory.ts';
import {
  bearer,
  buildTestApp,
  type Merchant,
  signUpMerchant,
  type TestContext,
  walletIdsOf,
} from '../../helper.ts';
import { PAYSTACK_TEST_KEY, type PaystackApp, startPaystackApp } from '../../support/paystack-app.ts';
import { STAND_IN_ONLY_BANKS } from '../../support/paystack-stand-in/banks.ts';
import {
  type PaystackStandIn,
  startPaystackStandIn,
} from '../../support/paystack-stand-in/paystack-stand-in.ts';
import { addNigeriaBank, GTB, GTB_ACCOUNT, resolveAccount } from './bank-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const MICRO_FINANCE_CODE = STAND_IN_ONLY_BANKS[0]?.bankCode ?? '';

/** Every bank the stand-in lists, as GET /api/bank/nigeria-banks gives them: by name, name and code only. */
const STAND_IN_LIST = [...NIGERIAN_BANKS, ...STAND_IN_ONLY_BANKS]
  .map(({ bankName, bankCode }) => ({ bankName, bankCode }))
  .sort((a, b) => a.bankName.localeCompare(b.bankName, 'en'));

const bankListCalls = (standIn: PaystackStandIn) =>
  standIn.controls.requests.filter((request) => request.method === 'GET' && request.path === '/bank').length;

const nigeriaBanks = (ctx: TestContext, merchant: Merchant) =>
  ctx.app.inject({ url: '/api/bank/nigeria-banks', headers: bearer(merchant.token) });

describe('GET /api/bank/nigeria-banks with Paystack as the bank directory (issue 24 §3)', () => {
  let paystackApp: PaystackApp;
  let standIn: PaystackStandIn;
  let ctx: TestContext;
  let merchant: Merchant;

  beforeAll(async () => {
    paystackApp = await startPaystackApp(['bankDirectory']);
    ({ ctx, paystack: standIn } = paystackApp);
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => paystackApp?.close());

  it("lists Paystack's banks by name, its micro-finance bank included, asking Paystack once", async () => {
    expect(bankListCalls(standIn)).toBe(0);
    const first = await nigeriaBanks(ctx, merchant);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual(STAND_IN_LIST);
    expect(first.json()).toContainEqual({
      bankName: 'Stand-in Microfinance Bank',
      bankCode: MICRO_FINANCE_CODE,
    });
    expect(standIn.controls.requests.find((request) => request.path === '/bank')?.query).toMatchObject({
      country: 'nigeria',
      currency: 'NGN',
    });

    const again = await nigeriaBanks(ctx, merchant);
    expect(again.json()).toEqual(STAND_IN_LIST);
    expect(bankListCalls(standIn)).toBe(1);
  });

  it('serves the list it holds while Paystack is down', async () => {
    await nigeriaBanks(ctx, merchant);
    standIn.controls.setDown(true);
    try {
      const response = await nigeriaBanks(ctx, merchant);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(STAND_IN_LIST);
    } finally {
      standIn.controls.setDown(false);
    }
  });

  it('resolves and adds an account at a bank only Paystack lists (a 6-digit code, no NUBAN check of ours)', async () => {
    const accountNumber = '5012345678';
    const resolved = await resolveAccount(ctx.app, merchant, { bankCode: MICRO_FINANCE_CODE, accountNumber });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const accountName = sandboxAccountName(accountNumber).toUpperCase();
    expect(resolved.json()).toEqual({ accountName, bankName: 'Stand-in Microfinance Bank' });

    const wallets = await walletIdsOf(ctx.app, merchant.userId);
    const added = await addNigeriaBank(ctx.app, merchant, {
      userWalletRecordId: wallets.NGN,
      bankCode: MICRO_FINANCE_CODE,
      accountNumber,
      accountType: 'savings',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      bankName: 'Stand-in Microfinance Bank',
      accountHolderName: accountName,
      accountNumberMasked: `****${accountNumber.slice(-4)}`,
      currencyCode: 'NGN',
    });
  });

  it("still checks the NUBAN of a bank our list knows, and refuses a code Paystack's list does not have", async () => {
    const typo = `${GTB_ACCOUNT.slice(0, 9)}${(Number(GTB_ACCOUNT[9]) + 1) % 10}`;
    const mistyped = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: typo });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().details).toEqual([{ path: 'accountNumber', message: expect.any(String) }]);

    const before = standIn.controls.requests.length;
    const unknown = await resolveAccount(ctx.app, merchant, {
      bankCode: '090998',
      accountNumber: '5012345678',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: UNKNOWN_BANK,
      details: [{ path: 'bankCode', message: UNKNOWN_BANK }],
    });
    // Refused on the list: no name enquiry for a bank that is not on it.
    expect(standIn.controls.requests.slice(before).some((request) => request.path === '/bank/resolve')).toBe(
      false,
    );
  });
});

describe('GET /api/bank/nigeria-banks while Paystack has not given its list', () => {
  let paystackApp: PaystackApp;
  let standIn: PaystackStandIn;
  let ctx: TestContext;
  let merchant: Merchant;

  beforeAll(async () => {
    paystackApp = await startPaystackApp(['bankDirectory']);
    ({ ctx, paystack: standIn } = paystackApp);
    merchant = await signUpMerchant(ctx.app);
  });
  afterAll(() => paystackApp?.close());

  it('answers 503 BANK_LIST_UNAVAILABLE asking to try again, then the list once Paystack answers', async () => {
    standIn.controls.setDown(true);
    try {
      const down = await nigeriaBanks(ctx, merchant);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        code: 'BANK_LIST_UNAVAILABLE',
        error: 'The list of banks could not be loaded just now. Please try again in a few minutes.',
      });
      // A bank only the list can vouch for waits for it; one of our own list goes on to name enquiry.
      const micro = await resolveAccount(ctx.app, merchant, {
        bankCode: MICRO_FINANCE_CODE,
        accountNumber: '5012345678',
      });
      expect(micro.statusCode).toBe(503);
      expect(micro.json().code).toBe('BANK_LIST_UNAVAILABLE');
      const gtb = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: GTB_ACCOUNT });
      expect(gtb.statusCode).toBe(409);
      expect(gtb.json().code).toBe('ACCOUNT_NAME_UNAVAILABLE');
    } finally {
      standIn.controls.setDown(false);
    }

    standIn.controls.failNext('GET', '/bank', 'server-error');
    const failed = await nigeriaBanks(ctx, merchant);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('BANK_LIST_UNAVAILABLE');

    const up = await nigeriaBanks(ctx, merchant);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual(STAND_IN_LIST);
  });
});

describe('GET /api/bank/nigeria-banks with the sandbox directory (the default)', () => {
  it("answers the product's own list, exactly as before", async () => {
    const ctx = await buildTestApp();
    try {
      const merchant = await signUpMerchant(ctx.app);
      const response = await nigeriaBanks(ctx, merchant);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(
        [...NIGERIAN_BANKS]
          .sort((a, b) => a.bankName.localeCompare(b.bankName, 'en'))
          .map(({ bankName, bankCode }) => ({ bankName, bankCode })),
      );
    } finally {
      await ctx.close();
    }
  });
});

/** The Paystack directory, counting its list calls and telling when the one running ends. */
function countingDirectory(directory: BankDirectoryProvider) {
  let calls = 0;
  let pending = 0;
  let running: Promise<unknown> = Promise.resolve();
  const counted: BankDirectoryProvider = {
    ...directory,
    listBanks: () => {
      calls += 1;
      pending += 1;
      const call = directory.listBanks().finally(() => {
        pending -= 1;
      });
      // A turn later than the call, so that the list's own handlers of it have run.
      running = call.catch(() => undefined).then(() => new Promise((resolve) => setImmediate(resolve)));
      return call;
    },
  };
  return {
    directory: counted,
    calls: () => calls,
    /** List calls started and not ended. */
    pending: () => pending,
    /** Resolves once the list call last started has ended, either way, and the list has taken its answer. */
    settled: () => running,
  };
}

describe('the bank list kept for a day (features/banks/bank-list.ts) over Paystack', () => {
  let standIn: PaystackStandIn;
  beforeAll(async () => {
    // A held request is dropped after 300 ms: a refresh that hangs, then fails.
    standIn = await startPaystackStandIn({ secretKey: PAYSTACK_TEST_KEY, timeoutMs: 300 });
  });
  afterEach(() => standIn.controls.setDown(false));
  afterAll(() => standIn?.close());

  const paystackDirectory = () =>
    createPaystackBankDirectory({ secretKey: PAYSTACK_TEST_KEY, baseUrl: standIn.url });

  it('asks Paystack once a day; after a day answers the stale list at once while one refresh runs', async () => {
    let clock = Date.parse('2026-11-02T08:00:00Z');
    const counting = countingDirectory(paystackDirectory());
    const failures: unknown[] = [];
    const list = createBankList(counting.directory, {
      now: () => clock,
      onRefreshFailed: (error) => failures.push(error),
    });

    // Requests that come together before there is a list wait for one call.
    const [first, second] = await Promise.all([list.banks(), list.banks()]);
    expect(first).toEqual(STAND_IN_LIST);
    expect(second).toBe(first);
    expect(counting.calls()).toBe(1);
    clock += DAY_MS - 1;
    expect(await list.banks()).toBe(first);
    expect(await list.find(MICRO_FINANCE_CODE)).toEqual({
      bankName: 'Stand-in Microfinance Bank',
      bankCode: MICRO_FINANCE_CODE,
    });
    expect(counting.calls()).toBe(1);

    // A day old: Paystack holds the refresh (then drops it), and the stale list is the answer meanwhile.
    clock += 1;
    standIn.controls.failNext('GET', '/bank', 'timeout');
    const stale = await Promise.all([list.banks(), list.banks(), list.find(GTB)]);
    expect(stale[0]).toBe(first);
    expect(stale[1]).toBe(first);
    expect(stale[2]).toEqual({ bankName: 'Guaranty Trust Bank', bankCode: GTB });
    expect(counting.calls()).toBe(2);
    expect(counting.pending()).toBe(1);
    await list.banks();
    expect(counting.calls()).toBe(2);

    // The refresh failed: the list in hand stays, and Paystack is left alone for a minute.
    await counting.settled();
    expect(failures).toHaveLength(1);
    expect(await list.banks()).toBe(first);
    clock += MINUTE_MS - 1;
    expect(await list.banks()).toBe(first);
    expect(counting.calls()).toBe(2);

    // Paystack down: tried again after the minute, the stale list still served.
    standIn.controls.setDown(true);
    clock += 1;
    expect(await list.banks()).toBe(first);
    expect(counting.calls()).toBe(3);
    await counting.settled();
    expect(failures).toHaveLength(2);
    expect(await list.banks()).toBe(first);

    // Back up: the next refresh takes, and the list is fresh for another day from then.
    standIn.controls.setDown(false);
    clock += MINUTE_MS;
    expect(await list.banks()).toBe(first);
    expect(counting.calls()).toBe(4);
    await counting.settled();
    const refreshed = await list.banks();
    expect(refreshed).toEqual(STAND_IN_LIST);
    expect(refreshed).not.toBe(first);
    clock += DAY_MS - 1;
    expect(await list.banks()).toBe(refreshed);
    expect(counting.calls()).toBe(4);
    expect(failures).toHaveLength(2);
  });

  it('with no list and Paystack down, refuses with BANK_LIST_UNAVAILABLE, and asks again on the next request', async () => {
    const counting = countingDirectory(paystackDirectory());
    const list = createBankList(counting.directory);
    standIn.controls.setDown(true);
    await expect(list.banks()).rejects.toBe(BANK_LIST_UNAVAILABLE);
    await expect(list.find(GTB)).rejects.toMatchObject({ statusCode: 503, code: 'BANK_LIST_UNAVAILABLE' });
    expect(counting.calls()).toBe(2);
    standIn.controls.setDown(false);
    expect(await list.banks()).toEqual(STAND_IN_LIST);
  });

  it('reads every page of the list when Paystack pages it', async () => {
    const before = bankListCalls(standIn);
    const banks = await createPaystackBankDirectory(
      { secretKey: PAYSTACK_TEST_KEY, baseUrl: standIn.url },
      { banksPerPage: 10 },
    ).listBanks();
    expect(banks.map((bank) => bank.bankCode).sort()).toEqual(
      STAND_IN_LIST.map((bank) => bank.bankCode).sort(),
    );
    const pages = standIn.controls.requests.filter((request) => request.path === '/bank').slice(before);
    expect(pages.map((request) => [request.query.page, request.query.perPage])).toEqual([
      ['1', '10'],
      ['2', '10'],
      ['3', '10'],
      ['4', '10'],
    ]);
  });

  it("stops at the last page Paystack's meta names, even when that page is full", async () => {
    const before = bankListCalls(standIn);
    const banks = await createPaystackBankDirectory(
      { secretKey: PAYSTACK_TEST_KEY, baseUrl: standIn.url },
      { banksPerPage: STAND_IN_LIST.length },
    ).listBanks();
    expect(banks).toHaveLength(STAND_IN_LIST.length);
    const pages = standIn.controls.requests.filter((request) => request.path === '/bank').slice(before);
    expect(pages.map((request) => request.query.page)).toEqual(['1']);
  });
});

describe("which of Paystack's records are banks an NGN account can be at", () => {
  const record = (code: string, name: string, fields: Record<string, unknown> = {}) => ({
    id: Number(code),
    name,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    active: true,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
    is_deleted: false,
    ...fields,
  });
  const RECORDS = [
    record('044', 'Access Bank'),
    record('50211', 'Kuda Bank'),
    record('090999', 'Stand-in Microfinance Bank', { is_deleted: null, active: undefined }),
    record('090901', 'Inactive Microfinance Bank', { active: false }),
    record('090902', 'Deleted Microfinance Bank', { is_deleted: true }),
    record('090903', 'Cedi Bank', { currency: 'GHS' }),
    record('090904', 'Mobile Money Wallet', { type: 'mobile_money' }),
    record('044', 'Access Bank (again)'),
    { name: 'No Code Bank' },
    null,
  ];

  let server: ReturnType<typeof createServer>;
  let baseUrl: string;
  const asked: URLSearchParams[] = [];
  beforeAll(async () => {
    // Answers every page with the same records, as a directory that ignores `page` would.
    server = createServer((request, response) => {
      asked.push(new URL(request.url ?? '/', 'http://paystack.test').searchParams);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: true, message: 'Banks retrieved', data: RECORDS, meta: {} }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps active NUBAN banks in Naira, each code once; stops when a page brings nothing new', async () => {
    const banks = await createPaystackBankDirectory(
      { secretKey: PAYSTACK_TEST_KEY, baseUrl },
      { banksPerPage: RECORDS.length },
    ).listBanks();
    expect(banks).toEqual<DirectoryBank[]>([
      { bankName: 'Access Bank', bankCode: '044' },
      { bankName: 'Kuda Bank', bankCode: '50211' },
      { bankName: 'Stand-in Microfinance Bank', bankCode: '090999' },
    ]);
    expect(asked.map((query) => query.get('page'))).toEqual(['1', '2']);
  });
});

describe('the bank list (bank-list.ts) over any directory', () => {
  it('never takes an empty answer for the list', async () => {
    let answer: DirectoryBank[] = [{ bankName: 'Access Bank', bankCode: '044' }];
    let clock = 0;
    const onRefreshFailed = vi.fn();
    const directory: BankDirectoryProvider = {
      name: 'paystack',
      listBanks: async () => answer,
      resolveAccount: async () => ({ found: false }),
    };
    const list = createBankList(directory, { now: () => clock, onRefreshFailed });
    const kept = await list.banks();
    answer = [];
    clock += DAY_MS;
    await list.banks();
    await vi.waitFor(() => expect(onRefreshFailed).toHaveBeenCalledTimes(1));
    expect(await list.banks()).toBe(kept);

    const empty = createBankList(directory);
    await expect(empty.banks()).rejects.toBe(BANK_LIST_UNAVAILABLE);
  });
});
