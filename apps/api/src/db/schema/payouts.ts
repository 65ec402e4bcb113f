import { PAYOUT_STATUSES, type PayoutStatus } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bankAccounts } from './bank-accounts.ts';
import { currency, id, isOneOf, knownCurrency, timestamps } from './columns.ts';
import { ledgerPostings } from './ledger.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';
import { wallets } from './wallets.ts';

/**
 * A payout to a settlement account. Confirmed, it debits the wallet into PAYOUTS_IN_TRANSIT (debit_posting_id) with
 * its DEBIT transaction (CREATED) and fee; the rail's answer settles it (SUCCESSFUL) or reverses it (FAILED).
 * next_check_at is when the payouts job next asks the rail.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    currency: currency(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    confirmation: text('confirmation').$type<'two_factor' | 'email'>(),
    confirmBy: timestamp('confirm_by', { withTimezone: true, mode: 'date' }),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    feeTransactionId: uuid('fee_transaction_id').references(() => transactions.id),
    debitPostingId: uuid('debit_posting_id').references(() => ledgerPostings.id),
    railReference: text('rail_reference'),
    railChecks: integer('rail_checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    failureReason: text('failure_reason'),
    /** The Idempotency-Key it was made with: a retry finds it here even when the request store has lost it. */
    idempotencyKey: text('idempotency_key'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('payouts_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('payouts_user_idempotency_key_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('payouts_due_idx').on(table.nextCheckAt).where(sql`${table.status} = 'PROCESSING'`),
    check('payouts_amount_positive', sql`${table.amount} > 0 and ${table.fee} >= 0`),
    knownCurrency(table.currency),
    check('payouts_status_check', isOneOf(table.status, PAYOUT_STATUSES)),
  ],
);
