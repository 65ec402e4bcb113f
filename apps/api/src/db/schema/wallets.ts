import type { AccountStatus } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { currency, id, knownCurrency, timestamps } from './columns.ts';
import { users } from './users.ts';

/** One wallet per merchant and currency; balances are integer minor units. */
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
    check('wallets_balance_not_negative', sql`${table.balance} >= 0`),
    knownCurrency(table.currency),
  ],
);
