import { bigint, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { currency, id, knownCurrency, timestamps } from './columns.ts';
import { sandboxCardAuthorizations } from './sandbox-card-authorizations.ts';

export type SandboxDisputeStatus = 'NEEDS_RESPONSE' | 'UNDER_REVIEW' | 'WON' | 'LOST';

/**
 * The sandbox card network's disputes (chargebacks): one per charge of the card 4000 0000 0000 0259, opened
 * SANDBOX_DISPUTE_AFTER_SECONDS after its capture; evidence decides it at decides_at (outcome), accepting or no
 * answer by evidence_due_by loses it. reported_status is the last status the platform acknowledged: a row whose
 * status differs is an update the platform has not heard yet.
 */
export const sandboxCardDisputes = pgTable(
  'sandbox_card_disputes',
  {
    id: id(),
    authorizationId: uuid('authorization_id')
      .notNull()
      .references(() => sandboxCardAuthorizations.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: currency(),
    reason: text('reason').notNull(),
    status: text('status').$type<SandboxDisputeStatus>().notNull(),
    reportedStatus: text('reported_status').$type<SandboxDisputeStatus>(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true, mode: 'date' }).notNull(),
    decidesAt: timestamp('decides_at', { withTimezone: true, mode: 'date' }),
    outcome: text('outcome').$type<'WON' | 'LOST'>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sandbox_card_disputes_authorization_unique').on(table.authorizationId),
    knownCurrency(table.currency),
  ],
);
