import { TEAM_ROLES, type TeamRole } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, isOneOf } from './columns.ts';
import { users } from './users.ts';

/**
 * Who may act for a business, and as what (issue 23 §1). A business is a merchant's user row; each person is a user
 * row of their own (their account, whose profile, password and two-factor are theirs). Every business has exactly
 * one owner row; a person's own account starts with them as its owner (migration 0035 backfills it).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<TeamRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The last request the person made for this business, written at most once a minute. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('team_members_business_person_idx').on(table.businessId, table.personId),
    uniqueIndex('team_members_one_owner_idx').on(table.businessId).where(sql`${table.role} = 'owner'`),
    index('team_members_person_idx').on(table.personId),
    check('team_members_role_check', isOneOf(table.role, TEAM_ROLES)),
  ],
);

/** An invitation by email to join a business with a role: a single-use link valid 7 days (its token is hashed). */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<TeamRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('team_invitations_token_hash_idx').on(table.tokenHash),
    index('team_invitations_business_idx').on(table.businessId, table.createdAt),
    check('team_invitations_role_check', isOneOf(table.role, TEAM_ROLES)),
  ],
);
