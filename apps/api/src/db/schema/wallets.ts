import type { AccountStatus } from '@bizdash/shared';
import { bigint, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { currency, id, knownCurrency, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * One wallet per merchant and currency; balances are integer minor units. A balance goes below zero only through a
 * dispute's hold (ADR 051): every other movement is refused by the ledger first, and ledger:verify explains each
 * negative balance by its dispute holds. fillfactor 50 (migration 0041): each movement's balance update stays on its
 * page.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: currency(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<AccountStatus>().notNull().default('ACTIVE'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('wallets_user_currency_unique').on(table.userId, table.currency),
    knownCurrency(table.currency),
  ],
);
