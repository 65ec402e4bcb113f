import {
  TRANSACTION_TYPES,
  type TransactionChannel,
  type TransactionStatus,
  type TransactionType,
} from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currency, id, isOneOf, knownCurrency, timestamps } from './columns.ts';
import { ledgerPostings } from './ledger.ts';
import { users } from './users.ts';
import { wallets } from './wallets.ts';

/** The text a merchant's search looks through; the trigram index is built on exactly this expression. */
export const searchText = (table: {
  description: AnyPgColumn;
  beneficiary: AnyPgColumn;
  orderReference: AnyPgColumn;
}) =>
  sql`(${table.description} || ' ' || coalesce(${table.beneficiary}, '') || ' ' || coalesce(${table.orderReference}, ''))`;

/** What the merchant sees: one row per movement of one wallet, with the posting that moved the money. */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    // Milliseconds, like the JS Date that carries it: a keyset cursor read back must equal what was stored.
    impactTime: timestamp('impact_time', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
    description: text('description').notNull(),
    parentTransactionId: uuid('parent_transaction_id').references((): AnyPgColumn => transactions.id),
    transactionAmount: bigint('transaction_amount', { mode: 'number' }).notNull(),
    currencyCode: currency('currency_code'),
    transactionType: text('transaction_type').$type<TransactionType>().notNull(),
    transactionStatus: text('transaction_status').$type<TransactionStatus>().notNull(),
    beneficiary: text('beneficiary'),
    transactionChannel: text('transaction_channel').$type<TransactionChannel>().notNull(),
    orderReference: text('order_reference'),
    /** Why a FAILED transaction failed, as its customer or merchant was told (the payment's or payout's reason). */
    failureReason: text('failure_reason'),
    postingId: uuid('posting_id').references(() => ledgerPostings.id),
    ...timestamps,
  },
  (table) => [
    // Every list is "newest first, ties by id" within an owner: these indexes serve each filter in order.
    // NULLS FIRST is what ORDER BY ... DESC means; an index sorted otherwise would not be used for it.
    index('transactions_user_time_idx').on(
      table.userId,
      table.impactTime.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('transactions_wallet_time_idx').on(
      table.walletId,
      table.impactTime.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('transactions_user_status_time_idx').on(
      table.userId,
      table.transactionStatus,
      table.impactTime.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('transactions_user_type_time_idx').on(
      table.userId,
      table.transactionType,
      table.impactTime.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The pending tab asks for two statuses at once; one index on exactly that set keeps it an ordered scan.
    index('transactions_user_pending_time_idx')
      .on(table.userId, table.impactTime.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.transactionStatus} in ('CREATED', 'OTP_VERIFIED')`),
    index('transactions_parent_idx').on(table.parentTransactionId),
    uniqueIndex('transactions_posting_unique').on(table.postingId),
    // Per owner (btree_gin): a merchant's search reads only posting lists of their own rows (ADR 021).
    index('transactions_user_search_text_idx').using(
      'gin',
      table.userId,
      sql`${searchText(table)} gin_trgm_ops`,
    ),
    check('transactions_amount_positive', sql`${table.transactionAmount} > 0`),
    check('transactions_type_known', isOneOf(table.transactionType, TRANSACTION_TYPES)),
    knownCurrency(table.currencyCode),
    check(
      'transactions_posted_iff_successful',
      sql`(${table.transactionStatus} = 'SUCCESSFUL') = (${table.postingId} is not null)`,
    ),
  ],
);

/** Row counts and amounts per owner, wallet, type and status, kept by a trigger: totals without scanning rows. */
export const transactionCounters = pgTable(
  'transaction_counters',
  {
    userId: uuid('user_id').notNull(),
    walletId: uuid('wallet_id').notNull(),
    transactionType: text('transaction_type').$type<TransactionType>().notNull(),
    transactionStatus: text('transaction_status').$type<TransactionStatus>().notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.walletId, table.transactionType, table.transactionStatus] }),
  ],
);

/** Successful money in and out per wallet per UTC day, kept by the same trigger: charts without scans. */
export const walletDailyTotals = pgTable(
  'wallet_daily_totals',
  {
    walletId: uuid('wallet_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    moneyIn: bigint('money_in', { mode: 'number' }).notNull().default(0),
    moneyOut: bigint('money_out', { mode: 'number' }).notNull().default(0),
    transactionCount: integer('transaction_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.walletId, table.day] })],
);
