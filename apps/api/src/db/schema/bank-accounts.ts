import { BANK_ACCOUNT_STATUSES, type BankAccountStatus } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { currency, id, isOneOf, knownCurrency, timestamps } from './columns.ts';
import { users } from './users.ts';
import { wallets } from './wallets.ts';

/**
 * A merchant's settlement bank account for one of its wallets' currencies (SPEC section 3, Bank account). The full
 * account (and routing) number is sealed by the secret box (context `bank-account:<id>`); only its last four digits
 * leave the server. account_number_hash (keyed HMAC over bank code and number) finds a duplicate without opening
 * anything.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    currency: currency(),
    bankName: text('bank_name').notNull(),
    /** The CBN bank code (NGN); null for accounts linked through a bank-link provider. */
    bankCode: text('bank_code'),
    accountHolderName: text('account_holder_name').notNull(),
    accountType: text('account_type').notNull(),
    accountNumberSealed: text('account_number_sealed').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    accountNumberHash: text('account_number_hash').notNull(),
    /** USD accounts: the ABA routing number, sealed like the account number; never sent to the client. */
    routingNumberSealed: text('routing_number_sealed'),
    /** Who vouched for the account: 'bank_form' (NGN, name resolved by the bank directory) or a bank-link provider. */
    source: text('source').notNull(),
    providerReference: text('provider_reference'),
    /** What the payout rail calls this account once it was handed a payout for it (Paystack's RCP_… recipient). */
    railRecipientCode: text('rail_recipient_code'),
    status: text('status').$type<BankAccountStatus>().notNull().default('ACTIVE'),
    ...timestamps,
  },
  (table) => [
    index('bank_accounts_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('bank_accounts_active_unique')
      .on(table.userId, table.currency, table.accountNumberHash)
      .where(sql`${table.status} = 'ACTIVE'`),
    check('bank_accounts_status_check', isOneOf(table.status, BANK_ACCOUNT_STATUSES)),
    knownCurrency(table.currency),
  ],
);
