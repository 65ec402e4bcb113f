import { createHmac } from 'node:crypto';
import {
  ACCOUNT_NOT_FOUND,
  ACCOUNT_NUMBER_DIGITS,
  ACCOUNT_NUMBER_NOT_AT_BANK,
  ACCOUNT_NUMBER_REQUIRED,
  ACCOUNT_TYPE_REQUIRED,
  BANK_ACCOUNT_DUPLICATE,
  BANK_NAME_REQUIRED,
  UNKNOWN_BANK,
} from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccountName } from '../../../src/providers/bank-directory/sandbox-bank-directory.ts';
import {
  bearer,
  buildTestApp,
  countRows,
  type Merchant,
  type MerchantWallets,
  signUpMerchant,
  sqlRows,
  type TestContext,
  walletIdsOf,
} from '../../helper.ts';
import {
  addNigeriaBank,
  GTB,
  GTB_ACCOUNT,
  GTB_UNKNOWN,
  listAccounts,
  nubanOf,
  resolveAccount,
} from './bank-fixtures.ts';

let ctx: TestContext;
let merchant: Merchant;
let other: Merchant;
let wallets: Omit<MerchantWallets, 'userId'>;
let otherWallets: Omit<MerchantWallets, 'userId'>;

beforeAll(async () => {
  ctx = await buildTestApp();
  merchant = await signUpMerchant(ctx.app);
  other = await signUpMerchant(ctx.app);
  wallets = await walletIdsOf(ctx.app, merchant.userId);
  otherWallets = await walletIdsOf(ctx.app, other.userId);
});
afterAll(() => ctx.close());

const accountsOf = (userId: string) =>
  countRows(ctx.app, sql`select count(*) as n from bank_accounts where user_id = ${userId}`);

/** The 400's message, and where the form shows it. */
async function refusal(response: Awaited<ReturnType<typeof resolveAccount>>) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { error: string; details?: { path: string; message: string }[] };
  return { error: body.error, paths: (body.details ?? []).map((detail) => detail.path) };
}

describe('POST /api/bank/resolve-account', () => {
  it("answers the name the sandbox bank holds a valid NUBAN under, and the bank's name", async () => {
    const response = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: GTB_ACCOUNT });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      accountName: sandboxAccountName(GTB_ACCOUNT),
      bankName: 'Guaranty Trust Bank',
    });
    // The same number always gives the same name; another number (most likely) another one.
    const again = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: GTB_ACCOUNT });
    expect(again.json()).toEqual(response.json());
    expect(sandboxAccountName(GTB_ACCOUNT)).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+){1,2}$/);
  });

  it('reads a number typed with spaces or dashes', async () => {
    const spaced = `${GTB_ACCOUNT.slice(0, 4)} ${GTB_ACCOUNT.slice(4, 7)}-${GTB_ACCOUNT.slice(7)}`;
    const response = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: spaced });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a number whose check digit is wrong for the bank (one digit changed)', async () => {
    const last = Number(GTB_ACCOUNT[9]);
    const typo = `${GTB_ACCOUNT.slice(0, 9)}${(last + 1) % 10}`;
    const response = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: typo });
    expect(await refusal(response)).toEqual({ error: ACCOUNT_NUMBER_NOT_AT_BANK, paths: ['accountNumber'] });
  });

  it.each(['012345678', '01234567890', '01234x6789'])('refuses %s: not ten digits', async (accountNumber) => {
    const response = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber });
    expect(await refusal(response)).toEqual({ error: ACCOUNT_NUMBER_DIGITS, paths: ['accountNumber'] });
  });

  it("says when the bank has no such account (the sandbox's documented nine-zeros number)", async () => {
    const response = await resolveAccount(ctx.app, merchant, { bankCode: GTB, accountNumber: GTB_UNKNOWN });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: ACCOUNT_NOT_FOUND, code: 'ACCOUNT_NOT_FOUND' });
  });

  it('names what is missing or unknown', async () => {
    expect(await refusal(await resolveAccount(ctx.app, merchant, { accountNumber: GTB_ACCOUNT }))).toEqual({
      error: BANK_NAME_REQUIRED,
      paths: ['bankCode'],
    });
    expect(
      await refusal(await resolveAccount(ctx.app, merchant, { bankCode: '', accountNumber: '' })),
    ).toEqual({
      error: BANK_NAME_REQUIRED,
      paths: ['bankCode', 'accountNumber'],
    });
    expect((await refusal(await resolveAccount(ctx.app, merchant, { bankCode: GTB }))).error).toBe(
      ACCOUNT_NUMBER_REQUIRED,
    );
    expect(
      await refusal(await resolveAccount(ctx.app, merchant, { bankCode: '999', accountNumber: GTB_ACCOUNT })),
    ).toEqual({ error: UNKNOWN_BANK, paths: ['bankCode'] });
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/bank/resolve-account',
      payload: { bankCode: GTB, accountNumber: GTB_ACCOUNT },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/bank/add-nigeria-bank', () => {
  const valid = () => ({
    userWalletRecordId: wallets.NGN,
    bankCode: GTB,
    accountNumber: GTB_ACCOUNT,
    accountType: 'savings',
  });

  it('adds the account with the name the bank resolved, showing only its last four digits', async () => {
    const response = await addNigeriaBank(ctx.app, merchant, valid());
    expect(response.statusCode, response.body).toBe(201);
    const account = response.json();
    expect(account).toEqual({
      recordId: expect.any(String),
      bankName: 'Guaranty Trust Bank',
      accountHolderName: sandboxAccountName(GTB_ACCOUNT),
      accountNumberMasked: `****${GTB_ACCOUNT.slice(-4)}`,
      status: 'ACTIVE',
      currencyCode: 'NGN',
      accountType: 'savings',
      createdAt: expect.any(String),
    });
    expect(response.body).not.toContain(GTB_ACCOUNT);

    expect((await listAccounts(ctx.app, merchant)).map((one) => one.recordId)).toContain(account.recordId);
    const user = await ctx.app.inject({
      url: `/api/users/${merchant.userId}`,
      headers: bearer(merchant.token),
    });
    expect(user.json().banks).toEqual([account]);
  });

  it('keeps the number sealed (bound to its row) and a keyed hash, never in plain', async () => {
    const [row] = await sqlRows<Record<string, unknown>>(
      ctx.app,
      sql`select * from bank_accounts where user_id = ${merchant.userId} and account_number_last4 = ${GTB_ACCOUNT.slice(-4)}`,
    );
    if (!row) throw new Error('no row');
    expect(JSON.stringify(row)).not.toContain(GTB_ACCOUNT);
    expect(row.account_number_last4).toBe(GTB_ACCOUNT.slice(-4));
    expect(row.source).toBe('bank_form');
    expect(row.routing_number_sealed).toBeNull();
    const { secretBox, keys } = ctx.app.deps;
    expect(secretBox.open(String(row.account_number_sealed), `bank-account:${row.id}`)).toBe(GTB_ACCOUNT);
    expect(() => secretBox.open(String(row.account_number_sealed), 'bank-account:another-row')).toThrow();
    expect(row.account_number_hash).toBe(
      createHmac('sha256', keys.derive('bank-account-numbers'))
        .update(`NGN:${GTB}:${GTB_ACCOUNT}`)
        .digest('hex'),
    );
  });

  it('refuses the same active account twice, and takes it again once deactivated', async () => {
    const before = await accountsOf(merchant.userId);
    const again = await addNigeriaBank(ctx.app, merchant, { ...valid(), accountType: 'current' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ error: BANK_ACCOUNT_DUPLICATE, code: 'BANK_ACCOUNT_DUPLICATE' });
    expect(await accountsOf(merchant.userId)).toBe(before);

    const [active] = (await listAccounts(ctx.app, merchant)).filter((one) => one.status === 'ACTIVE');
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/bank/accounts/${active?.recordId}/deactivate`,
      headers: bearer(merchant.token),
    });
    expect(off.statusCode, off.body).toBe(200);
    const readded = await addNigeriaBank(ctx.app, merchant, valid());
    expect(readded.statusCode, readded.body).toBe(201);
  });

  it('never takes a name from the client', async () => {
    const account = nubanOf('044', '123123123');
    const response = await addNigeriaBank(ctx.app, merchant, {
      ...valid(),
      bankCode: '044',
      accountNumber: account,
      accountHolderName: 'Mallory Thief',
      accountName: 'Mallory Thief',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().accountHolderName).toBe(sandboxAccountName(account));
  });

  it.each([
    [{ accountType: undefined }, ACCOUNT_TYPE_REQUIRED, 'accountType'],
    [{ accountType: '' }, ACCOUNT_TYPE_REQUIRED, 'accountType'],
    [{ accountType: 'checking' }, ACCOUNT_TYPE_REQUIRED, 'accountType'],
    [{ bankCode: undefined }, BANK_NAME_REQUIRED, 'bankCode'],
    [{ bankCode: '999' }, UNKNOWN_BANK, 'bankCode'],
    [{ accountNumber: undefined }, ACCOUNT_NUMBER_REQUIRED, 'accountNumber'],
    [{ accountNumber: '123' }, ACCOUNT_NUMBER_DIGITS, 'accountNumber'],
    [
      { accountNumber: `${GTB_ACCOUNT.slice(0, 9)}${(Number(GTB_ACCOUNT[9]) + 5) % 10}` },
      ACCOUNT_NUMBER_NOT_AT_BANK,
      'accountNumber',
    ],
    [{ userWalletRecordId: undefined }, 'Wallet ID is required', 'userWalletRecordId'],
    [{ userWalletRecordId: 'not-a-wallet' }, 'Wallet ID is invalid', 'userWalletRecordId'],
  ])('refuses %j: %s', async (change, message, path) => {
    const before = await accountsOf(merchant.userId);
    const response = await addNigeriaBank(ctx.app, merchant, {
      ...valid(),
      accountNumber: nubanOf(GTB, '555555555'),
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { error: string; details: { path: string; message: string }[] };
    expect(body.error).toBe(message);
    expect(body.details).toContainEqual({ path, message });
    expect(await accountsOf(merchant.userId)).toBe(before);
  });

  it('refuses an account the bank does not know, adding nothing', async () => {
    const before = await accountsOf(merchant.userId);
    const response = await addNigeriaBank(ctx.app, merchant, { ...valid(), accountNumber: GTB_UNKNOWN });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(ACCOUNT_NOT_FOUND);
    expect(await accountsOf(merchant.userId)).toBe(before);
  });

  it('settles only the NGN wallet: the USD one is refused', async () => {
    const response = await addNigeriaBank(ctx.app, merchant, { ...valid(), userWalletRecordId: wallets.USD });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('NOT_NGN_WALLET');
  });

  it("answers 404 for another merchant's wallet, and changes nothing for either", async () => {
    const mine = await accountsOf(merchant.userId);
    const theirs = await accountsOf(other.userId);
    const response = await addNigeriaBank(ctx.app, merchant, {
      ...valid(),
      userWalletRecordId: otherWallets.NGN,
      accountNumber: nubanOf(GTB, '777777777'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Wallet not found', code: 'NOT_FOUND' });
    expect(await accountsOf(merchant.userId)).toBe(mine);
    expect(await accountsOf(other.userId)).toBe(theirs);
  });
});

describe('POST /api/bank/accounts/{bankAccountId}/deactivate', () => {
  const deactivate = (who: Merchant, id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/bank/accounts/${id}/deactivate`,
      headers: bearer(who.token),
    });

  it("deactivates the caller's account, which stays listed; doing it again changes nothing", async () => {
    const created = await addNigeriaBank(ctx.app, other, {
      userWalletRecordId: otherWallets.NGN,
      bankCode: '057',
      accountNumber: nubanOf('057', '246813579'),
      accountType: 'current',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { recordId } = created.json() as { recordId: string };

    const first = await deactivate(other, recordId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recordId, status: 'DEACTIVATED', bankName: 'Zenith Bank' });
    expect((await listAccounts(ctx.app, other)).find((one) => one.recordId === recordId)?.status).toBe(
      'DEACTIVATED',
    );
    const second = await deactivate(other, recordId);
    expect(second.statusCode).toBe(200);
    expect(second.json().status).toBe('DEACTIVATED');
  });

  it("answers 404 for another merchant's account and leaves it as it was", async () => {
    const created = await addNigeriaBank(ctx.app, other, {
      userWalletRecordId: otherWallets.NGN,
      bankCode: '033',
      accountNumber: nubanOf('033', '135792468'),
      accountType: 'savings',
    });
    const { recordId } = created.json() as { recordId: string };
    const response = await deactivate(merchant, recordId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Bank account not found', code: 'NOT_FOUND' });
    expect((await listAccounts(ctx.app, other)).find((one) => one.recordId === recordId)?.status).toBe(
      'ACTIVE',
    );
  });

  it('answers 404 for an account that does not exist and 400 for a malformed id', async () => {
    expect((await deactivate(merchant, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await deactivate(merchant, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Bank account ID is invalid');
  });
});

describe('GET /api/bank/accounts', () => {
  it("lists only the caller's accounts, newest first, never a whole number", async () => {
    const response = await ctx.app.inject({ url: '/api/bank/accounts', headers: bearer(merchant.token) });
    const accounts = response.json() as {
      recordId: string;
      createdAt: string;
      accountNumberMasked: string;
    }[];
    const theirs = (await listAccounts(ctx.app, other)).map((one) => one.recordId);
    expect(accounts.length).toBeGreaterThan(1);
    expect(accounts.some((one) => theirs.includes(one.recordId))).toBe(false);
    const times = accounts.map((one) => one.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(accounts.every((one) => /^\*{4}\d{4}$/.test(one.accountNumberMasked))).toBe(true);
    expect(response.body).not.toContain(GTB_ACCOUNT);
  });
});
