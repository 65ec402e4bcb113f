import { NIGERIAN_BANKS, type NigerianBank } from '@bizdash/shared';
import { sandboxAccountName } from '../../../src/providers/bank-directory/sandbox-bank-directory.ts';
import { missing, ok, type Reply, type Route, refuse } from './http.ts';

/**
 * The banks are the product's own list (packages/shared), so a bank code means the same bank everywhere, and after
 * it the banks Paystack lists and the product's list does not (as Paystack lists micro-finance banks and fintechs
 * by their 5- or 6-digit codes): one, made up, named as the stand-in's.
 */
export const STAND_IN_ONLY_BANKS: readonly NigerianBank[] = [
  { bankName: 'Stand-in Microfinance Bank', bankCode: '090999', nubanCode: null },
];
const BANKS: readonly NigerianBank[] = [...NIGERIAN_BANKS, ...STAND_IN_ONLY_BANKS];
const BANK_RECORDS_CREATED_AT = '2020-01-01T00:00:00.000Z';
const PAGE_SIZE_DEFAULT = 50;
const PAGE_SIZE_MAX = 100;

export const UNRESOLVED_ACCOUNT = 'Could not resolve account name. Check parameters or try again.';

/** The account numbers the app's sandbox directory does not find (first nine digits all zero); the same here. */
const UNKNOWN_ACCOUNT_SERIAL = '000000000';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A bank by its code, with its place in the list (1-based) as its id. */
export function findBank(code: string): { id: number; bank: NigerianBank } | null {
  const index = BANKS.findIndex((bank) => bank.bankCode === code);
  const bank = BANKS[index];
  return bank ? { id: index + 1, bank } : null;
}

const bankRecord = (bank: NigerianBank, id: number) => ({
  id,
  name: bank.bankName,
  slug: slugOf(bank.bankName),
  code: bank.bankCode,
  longcode: '',
  gateway: null,
  pay_with_bank: false,
  active: true,
  country: 'Nigeria',
  currency: 'NGN',
  type: 'nuban',
  is_deleted: false,
  createdAt: BANK_RECORDS_CREATED_AT,
  updatedAt: BANK_RECORDS_CREATED_AT,
});

/**
 * Name enquiry, deterministic and in step with the app's sandbox directory: a 10-digit number at a known bank is
 * held by `sandboxAccountName(number)`, in capitals as banks give names; a number whose first nine digits are all
 * zero is not found. Null when it does not resolve.
 */
export function resolveAccount(
  bankCode: string,
  accountNumber: string,
): { accountName: string; bankId: number; bankName: string } | null {
  const found = findBank(bankCode);
  if (!found || !/^\d{10}$/.test(accountNumber) || accountNumber.startsWith(UNKNOWN_ACCOUNT_SERIAL))
    return null;
  return {
    accountName: sandboxAccountName(accountNumber).toUpperCase(),
    bankId: found.id,
    bankName: found.bank.bankName,
  };
}

const cursorOf = (id: number) => Buffer.from(`bank:${id}`).toString('base64');
const idOfCursor = (cursor: string | null) => {
  const match = /^bank:(\d+)$/.exec(Buffer.from(cursor ?? '', 'base64').toString('utf8'));
  return match ? Number(match[1]) : null;
};

/** GET /bank: Nigeria's banks (another country or currency has none here), by page or by cursor. */
function listBanks(query: URLSearchParams): Reply {
  const country = (query.get('country') ?? 'nigeria').toLowerCase();
  const currency = (query.get('currency') ?? 'NGN').toUpperCase();
  const all =
    country === 'nigeria' && currency === 'NGN'
      ? BANKS.map((bank, index) => bankRecord(bank, index + 1))
      : [];
  const perPage = Math.min(Math.max(Number(query.get('perPage')) || PAGE_SIZE_DEFAULT, 1), PAGE_SIZE_MAX);
  if (query.get('use_cursor') === 'true') {
    const after = idOfCursor(query.get('next'));
    const before = idOfCursor(query.get('previous'));
    let start = after === null ? 0 : all.findIndex((bank) => bank.id > after);
    if (before !== null) start = Math.max(all.findIndex((bank) => bank.id >= before) - perPage, 0);
    if (start < 0) start = all.length;
    const page = all.slice(start, start + perPage);
    const last = page.at(-1);
    const next = last && start + perPage < all.length ? cursorOf(last.id) : null;
    const previous = page[0] && start > 0 ? cursorOf(page[0].id) : null;
    return ok('Banks retrieved', page, { next, previous, perPage });
  }
  const pageNumber = Math.max(Number(query.get('page')) || 1, 1);
  const skipped = (pageNumber - 1) * perPage;
  return ok('Banks retrieved', all.slice(skipped, skipped + perPage), {
    total: all.length,
    skipped,
    perPage,
    page: pageNumber,
    pageCount: Math.max(Math.ceil(all.length / perPage), 1),
  });
}

/** GET /bank/resolve?account_number=&bank_code= */
function resolve(query: URLSearchParams): Reply {
  const fields = {
    account_number: query.get('account_number') ?? '',
    bank_code: query.get('bank_code') ?? '',
  };
  const absent = missing(fields, ['account_number', 'bank_code']);
  if (absent) return absent;
  const resolved = resolveAccount(fields.bank_code, fields.account_number);
  if (!resolved) return refuse(422, UNRESOLVED_ACCOUNT);
  return ok('Account number resolved', {
    account_number: fields.account_number,
    account_name: resolved.accountName,
    bank_id: resolved.bankId,
  });
}

export const bankRoutes: Route[] = [
  { method: 'GET', pattern: /^\/bank$/, handle: (request) => listBanks(request.query) },
  { method: 'GET', pattern: /^\/bank\/resolve$/, handle: (request) => resolve(request.query) },
];
