import {
  DISPUTE_EVENT_KINDS,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  type DisputeEventKind,
  type DisputeReason,
  type DisputeStatus,
} from '@bizdash/shared';
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
import { checkoutPayments } from './checkout.ts';
import { currency, id, isOneOf, knownCurrency, timestamps } from './columns.ts';
import { ledgerPostings } from './ledger.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';
import { wallets } from './wallets.ts';

export const DISPUTE_NETWORK_ACTIONS = ['EVIDENCE', 'ACCEPT'] as const;
export type DisputeNetworkAction = (typeof DISPUTE_NETWORK_ACTIONS)[number];

/**
 * A card payment the customer's bank took back (issue 22 §2, ADR 051). Opened from the payments provider's report
 * with its amount held out of the wallet into DISPUTES_HELD (hold_posting_id, and its DEBIT transaction, child of the
 * payment's); WON gives it back (reversal_transaction_id, a CREDIT), LOST or ACCEPTED sends it to the network.
 * network_action is an answer the merchant gave that the disputes job still has to tell the network (then
 * next_check_at); the evidence is kept on the row (a draft until evidence_submitted_at).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => checkoutPayments.id),
    paymentTransactionId: uuid('payment_transaction_id')
      .notNull()
      .references(() => transactions.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    currency: currency(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').$type<DisputeReason>().notNull(),
    status: text('status').$type<DisputeStatus>().notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true, mode: 'date' }).notNull(),
    providerReference: text('provider_reference').notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    holdPostingId: uuid('hold_posting_id')
      .notNull()
      .references(() => ledgerPostings.id),
    reversalTransactionId: uuid('reversal_transaction_id').references(() => transactions.id),
    networkAction: text('network_action').$type<DisputeNetworkAction>(),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
    evidenceExplanation: text('evidence_explanation'),
    evidenceCustomerName: text('evidence_customer_name'),
    evidenceCustomerEmail: text('evidence_customer_email'),
    evidenceDeliveryDetails: text('evidence_delivery_details'),
    evidenceFileIds: uuid('evidence_file_ids').array().notNull().default(sql`'{}'`),
    evidenceUpdatedAt: timestamp('evidence_updated_at', { withTimezone: true, mode: 'date' }),
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('disputes_user_created_idx').on(table.userId, table.createdAt),
    index('disputes_payment_idx').on(table.paymentId),
    uniqueIndex('disputes_provider_reference_unique').on(table.providerReference),
    uniqueIndex('disputes_transaction_unique').on(table.transactionId),
    index('disputes_open_due_idx').on(table.evidenceDueBy).where(sql`${table.status} = 'NEEDS_RESPONSE'`),
    index('disputes_network_due_idx').on(table.nextCheckAt).where(sql`${table.networkAction} is not null`),
    check('disputes_amount_positive', sql`${table.amount} > 0`),
    knownCurrency(table.currency),
    check('disputes_reason_check', isOneOf(table.reason, DISPUTE_REASONS)),
    check('disputes_status_check', isOneOf(table.status, DISPUTE_STATUSES)),
    check('disputes_network_action_check', isOneOf(table.networkAction, DISPUTE_NETWORK_ACTIONS)),
  ],
);

/** A dispute's timeline: what happened to it and when. */
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: id(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DisputeEventKind>().notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('dispute_events_dispute_idx').on(table.disputeId, table.createdAt),
    check('dispute_events_kind_check', isOneOf(table.kind, DISPUTE_EVENT_KINDS)),
  ],
);
