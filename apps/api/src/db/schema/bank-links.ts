import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bankAccounts } from './bank-accounts.ts';
import { id, isOneOf, timestamps } from './columns.ts';
import { users } from './users.ts';
import { wallets } from './wallets.ts';

export const BANK_LINK_STATUSES = ['OPEN', 'COMPLETED', 'FAILED'] as const;
export type BankLinkStatus = (typeof BANK_LINK_STATUSES)[number];

/**
 * A hosted bank link a merchant asked for (POST /api/users/plaid/link): the bank-link provider's signed callback
 * completes it once, adding the USD settlement account it names to the link's wallet.
 */
export const bankLinks = pgTable(
  'bank_links',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    status: text('status').$type<BankLinkStatus>().notNull().default('OPEN'),
    reason: text('reason'),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (table) => [
    index('bank_links_user_idx').on(table.userId, table.createdAt),
    check('bank_links_status_check', isOneOf(table.status, BANK_LINK_STATUSES)),
  ],
);
