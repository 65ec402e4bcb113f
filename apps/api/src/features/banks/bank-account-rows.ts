import { randomUUID } from 'node:crypto';
import { type BankAccount, type Currency, formatMaskedAccountNumber } from '@bizdash/shared';
import type { AppDeps } from '../../types.ts';
import type { BankAccountRow, NewBankAccount } from './banks.repository.ts';

/*
 * A settlement account's row and what each reader sees of it, the same however the account came (the bank form, a
 * hosted bank link, the demo seed): the row to insert with its numbers sealed, the API's bank entity, the audit
 * trail's details.
 */

type SealingDeps = Pick<AppDeps, 'secretBox' | 'keys'>;

/** The columns the bank entity shows. */
export type ShownBankAccountRow = Pick<
  BankAccountRow,
  | 'id'
  | 'bankName'
  | 'accountHolderName'
  | 'accountNumberLast4'
  | 'status'
  | 'currency'
  | 'accountType'
  | 'createdAt'
>;

/** The bank entity of SPEC section 3 (the whole number never leaves the server: its last four, behind '*'). */
export function toBankAccount(row: ShownBankAccountRow): BankAccount {
  return {
    recordId: row.id,
    bankName: row.bankName,
    accountHolderName: row.accountHolderName,
    accountNumberMasked: formatMaskedAccountNumber(row.accountNumberLast4),
    status: row.status,
    currencyCode: row.currency,
    accountType: row.accountType,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The keyed hash that finds an active duplicate without opening any sealed number (migration 0015). */
function accountNumberHash(
  deps: Pick<SealingDeps, 'keys'>,
  currency: Currency,
  bankCode: string | null,
  accountNumber: string,
) {
  return deps.keys.hmac('bank-account-numbers', `${currency}:${bankCode ?? ''}:${accountNumber}`, 'hex');
}

/**
 * The row to insert for an account: its id drawn first, since the sealed numbers are bound to it (context
 * `bank-account:<id>`), so a sealed value copied to another row does not open.
 */
export function sealedAccount(
  deps: SealingDeps,
  account: {
    userId: string;
    walletId: string;
    currency: Currency;
    bankName: string;
    bankCode: string | null;
    accountHolderName: string;
    accountType: string;
    accountNumber: string;
    routingNumber: string | null;
    source: string;
    providerReference: string | null;
  },
): NewBankAccount {
  const id = randomUUID();
  const context = `bank-account:${id}`;
  return {
    id,
    userId: account.userId,
    walletId: account.walletId,
    currency: account.currency,
    bankName: account.bankName,
    bankCode: account.bankCode,
    accountHolderName: account.accountHolderName,
    accountType: account.accountType,
    accountNumberSealed: deps.secretBox.seal(account.accountNumber, context),
    accountNumberLast4: account.accountNumber.slice(-4),
    accountNumberHash: accountNumberHash(deps, account.currency, account.bankCode, account.accountNumber),
    routingNumberSealed: account.routingNumber ? deps.secretBox.seal(account.routingNumber, context) : null,
    source: account.source,
    providerReference: account.providerReference,
  };
}

/** What the audit trail keeps of a settlement account: never its number, only the last four digits. */
export const auditedAccount = (row: BankAccountRow) => ({
  userId: row.userId,
  bankName: row.bankName,
  accountNumberLast4: row.accountNumberLast4,
  currency: row.currency,
  accountType: row.accountType,
});
