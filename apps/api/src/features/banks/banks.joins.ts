import type { BankAccount } from '@bizdash/shared';
import { type SQL, sql } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { type ShownBankAccountRow, toBankAccount } from './bank-account-rows.ts';

/**
 * For payouts' statements, which show each payout with its account in the same query: the table to join and the
 * columns read. Accounts are added, locked and deactivated only through the face's verbs.
 */
export const joinableBankAccounts = bankAccounts;

/** What a payout shows of its account: never the full number (sealed in bank_accounts). */
export const maskedAccountColumns = {
  bankName: bankAccounts.bankName,
  accountHolderName: bankAccounts.accountHolderName,
  accountNumberLast4: bankAccounts.accountNumberLast4,
  status: bankAccounts.status,
};

/** A settlement account as JSON (its creation time as text): what the bank entity shows. */
type BankAccountJson = Omit<ShownBankAccountRow, 'createdAt'> & { createdAt: string };

/**
 * The user's settlement accounts, newest first (as GET /api/bank/accounts lists them), as one JSON value for GET
 * /api/users/{id}'s one statement (ADR 064); settlementAccountsFromJson makes User.banks of it.
 */
export const settlementAccountsOf = (userId: SQL) => sql<BankAccountJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${bankAccounts.id},
    'bankName', ${bankAccounts.bankName},
    'accountHolderName', ${bankAccounts.accountHolderName},
    'accountNumberLast4', ${bankAccounts.accountNumberLast4},
    'status', ${bankAccounts.status},
    'currency', ${bankAccounts.currency},
    'accountType', ${bankAccounts.accountType},
    'createdAt', ${bankAccounts.createdAt}) order by ${bankAccounts.createdAt} desc, ${bankAccounts.id} desc)
  from ${bankAccounts} where ${bankAccounts.userId} = ${userId}), '[]'::json)`;

export function settlementAccountsFromJson(accounts: BankAccountJson[]): BankAccount[] {
  return accounts.map((account) => toBankAccount({ ...account, createdAt: new Date(account.createdAt) }));
}
