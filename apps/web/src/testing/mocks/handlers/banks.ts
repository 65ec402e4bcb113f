import {
  ACCOUNT_NOT_FOUND,
  AddNigeriaBankRequestSchema,
  BANK_ACCOUNT_DUPLICATE,
  type BankAccount,
  BankAccountIdParamsSchema,
  BankAccountListSchema,
  BankAccountSchema,
  BankLinkRequestSchema,
  HostedBankLinkSchema,
  NIGERIAN_BANKS,
  NigeriaBankListSchema,
  ResolveAccountRequestSchema,
  ResolvedAccountSchema,
  SANDBOX_NAIRA_ACCOUNTS,
  SANDBOX_NAIRA_BANK,
  SandboxNairaAccountsSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { BANK_DIRECTORY_NAME, db, HOSTED_BANK_LINK_URL } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, requireSession } from '../utils';

let accountCounter = 0;

/** A Bank account that passes the shared schema; each call gets a fresh id. */
export function buildBankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  accountCounter += 1;
  return BankAccountSchema.parse({
    recordId: `7d000000-0000-4000-8000-${String(accountCounter).padStart(12, '0')}`,
    bankName: 'Guaranty Trust Bank',
    accountHolderName: 'Adaeze Okafor',
    accountNumberMasked: '****5678',
    status: 'ACTIVE',
    currencyCode: 'NGN',
    accountType: 'savings',
    createdAt: '2026-03-05T10:15:00.000Z',
    ...overrides,
  });
}

const bankNameOf = (bankCode: string) => NIGERIAN_BANKS.find((bank) => bank.bankCode === bankCode)?.bankName;

/** Settlement accounts, the bank directory (name enquiry) and the hosted bank link, over db.bankAccounts. */
export const banksHandlers = [
  http.get('/api/bank/sandbox-accounts', ({ request }) => {
    requireSession(request);
    return contractJson(SandboxNairaAccountsSchema, {
      ...SANDBOX_NAIRA_BANK,
      accounts: SANDBOX_NAIRA_ACCOUNTS.map(({ accountNumber, description }) => ({
        accountNumber,
        description,
      })),
    });
  }),
  http.get('/api/bank/nigeria-banks', ({ request }) => {
    requireSession(request);
    const banks = [...NIGERIAN_BANKS]
      .sort((a, b) => a.bankName.localeCompare(b.bankName, 'en'))
      .map(({ bankName, bankCode }) => ({ bankName, bankCode }));
    return contractJson(NigeriaBankListSchema, banks);
  }),

  // As the sandbox directory: a number starting with nine zeros is not found.
  http.post('/api/bank/resolve-account', async ({ request }) => {
    requireSession(request);
    const { bankCode, accountNumber } = parseOr400(ResolveAccountRequestSchema, await jsonBody(request));
    if (accountNumber.startsWith('000000000')) {
      return apiError(400, ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND', [
        { path: 'accountNumber', message: ACCOUNT_NOT_FOUND },
      ]);
    }
    return contractJson(ResolvedAccountSchema, {
      accountName: BANK_DIRECTORY_NAME,
      bankName: bankNameOf(bankCode) ?? '',
    });
  }),

  http.post('/api/bank/add-nigeria-bank', async ({ request }) => {
    requireSession(request);
    const body = parseOr400(AddNigeriaBankRequestSchema, await jsonBody(request));
    const ngnWallet = db.user.wallets.find((wallet) => wallet.currency === 'NGN');
    if (body.userWalletRecordId !== ngnWallet?.walletId) return notFound('Wallet not found');
    const masked = `****${body.accountNumber.slice(-4)}`;
    const bankName = bankNameOf(body.bankCode) ?? '';
    if (
      db.bankAccounts.some(
        (one) => one.status === 'ACTIVE' && one.accountNumberMasked === masked && one.bankName === bankName,
      )
    ) {
      return apiError(409, BANK_ACCOUNT_DUPLICATE, 'BANK_ACCOUNT_DUPLICATE');
    }
    const account = buildBankAccount({
      bankName,
      accountHolderName: BANK_DIRECTORY_NAME,
      accountNumberMasked: masked,
      accountType: body.accountType,
      createdAt: new Date().toISOString(),
    });
    db.bankAccounts.unshift(account);
    return contractJson(BankAccountSchema, account, 201);
  }),

  http.get('/api/bank/accounts', ({ request }) => {
    requireSession(request);
    return contractJson(BankAccountListSchema, db.bankAccounts);
  }),

  http.post('/api/bank/accounts/:bankAccountId/deactivate', ({ request, params }) => {
    requireSession(request);
    const { bankAccountId } = parseOr400(BankAccountIdParamsSchema, params);
    const index = db.bankAccounts.findIndex((one) => one.recordId === bankAccountId);
    const account = db.bankAccounts[index];
    if (!account) return notFound('Bank account not found');
    const deactivated = BankAccountSchema.parse({ ...account, status: 'DEACTIVATED' });
    db.bankAccounts[index] = deactivated;
    return contractJson(BankAccountSchema, deactivated);
  }),

  http.post('/api/users/plaid/link', async ({ request }) => {
    requireSession(request);
    const { userRecordId } = parseOr400(BankLinkRequestSchema, await jsonBody(request));
    if (userRecordId !== db.user.recordId) return notFound('User not found');
    return contractJson(HostedBankLinkSchema, { hostedLinkUrl: HOSTED_BANK_LINK_URL }, 201);
  }),
];
