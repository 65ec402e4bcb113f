import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currency, id, knownCurrency, timestamps } from './columns.ts';
import { wallets } from './wallets.ts';

/** The house's side of every movement, one per purpose and currency; balances are the sum of their entries. */
export const systemAccounts = pgTable(
  'system_accounts',
  {
    id: id(),
    code: text('code').notNull(),
    currency: currency(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('system_accounts_code_currency_unique').on(table.code, table.currency),
    knownCurrency(table.currency),
  ],
);

/** A balanced set of entries; the idempotency key makes a retried posting a replay, not a second movement. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of what was asked for: the same key with different legs is a conflict, not a replay. */
    requestHash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reversesPostingId: uuid('reverses_posting_id').references((): AnyPgColumn => ledgerPostings.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_postings_idempotency_key_unique').on(table.idempotencyKey),
    uniqueIndex('ledger_postings_reverses_unique').on(table.reversesPostingId),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE). amount > 0 credits the account, < 0 debits it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => ledgerPostings.id),
    walletId: uuid('wallet_id').references(() => wallets.id),
    systemAccountId: uuid('system_account_id').references(() => systemAccounts.id),
    currency: currency(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_posting_idx').on(table.postingId),
    index('ledger_entries_wallet_created_idx').on(table.walletId, table.createdAt, table.id),
    index('ledger_entries_system_account_idx').on(table.systemAccountId),
    check('ledger_entries_one_account', sql`num_nonnulls(${table.walletId}, ${table.systemAccountId}) = 1`),
    check('ledger_entries_amount_not_zero', sql`${table.amount} <> 0`),
    knownCurrency(table.currency),
  ],
);
