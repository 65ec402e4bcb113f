import { bankAccounts } from '../../db/schema/bank-accounts.ts';

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
