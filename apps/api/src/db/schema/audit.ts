import { AUDIT_OUTCOMES, type AuditAction, type AuditOutcome } from '@bizdash/shared';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, isOneOf } from './columns.ts';

/**
 * The audit trail (issue 23 §3, ADR 054): one hash chain per business (chain = the business's user id) and one for
 * events of no business (chain = 'platform'). Each entry holds the previous entry's hash and its own, SHA-256 of the
 * previous hash and the entry's canonical JSON (features/audit/audit.hash.ts). Written only by recordAuditEvent, in
 * the transaction of the change it records; never updated or deleted. No foreign keys: the record outlives what it
 * names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    chain: text('chain').notNull(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    actorPersonId: uuid('actor_person_id'),
    apiKeyPrefix: text('api_key_prefix'),
    actingUserId: uuid('acting_user_id'),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    outcome: text('outcome').$type<AuditOutcome>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('audit_events_chain_sequence_idx').on(table.chain, table.sequence),
    index('audit_events_acting_user_occurred_idx').on(table.actingUserId, table.occurredAt),
    // Activity filtered by person walks one person's entries of the chain, newest first, not the whole chain.
    index('audit_events_chain_person_sequence_idx').on(table.chain, table.actorPersonId, table.sequence),
    check('audit_events_outcome_check', isOneOf(table.outcome, AUDIT_OUTCOMES)),
  ],
);

/**
 * The last entry of each chain. An append locks its chain's row (INSERT … ON CONFLICT DO UPDATE), so two writers of
 * one chain take turns and never fork it; audit:verify also checks each chain ends where its head says.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  sequence: bigint('sequence', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
