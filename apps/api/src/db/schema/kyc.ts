import type { KycIdType, SandboxKycSessionStatus } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

export const IDENTITY_VERIFICATION_STATUSES = ['STARTED', 'IN_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type IdentityVerificationStatus = (typeof IDENTITY_VERIFICATION_STATUSES)[number];

/**
 * One row per identity check a merchant started with the identity provider: the provider's answers (signed
 * callbacks) move it, and with it the user's status. The newest row is the one that counts.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    status: text('status').$type<IdentityVerificationStatus>().notNull().default('STARTED'),
    reason: text('reason'),
    ...timestamps,
  },
  (table) => [
    index('identity_verifications_user_idx').on(table.userId, table.createdAt),
    check(
      'identity_verifications_status_check',
      sql`${table.status} in ('STARTED', 'IN_REVIEW', 'APPROVED', 'REJECTED')`,
    ),
  ],
);

/**
 * The sandbox identity provider's own records (the widget's sessions): what a real provider keeps on its side.
 * Only the last four characters of the number are kept; an IN_REVIEW session is decided at review_due_at.
 */
export const sandboxIdentitySessions = pgTable(
  'sandbox_identity_sessions',
  {
    id: id(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => identityVerifications.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    status: text('status').$type<SandboxKycSessionStatus>().notNull().default('OPEN'),
    idType: text('id_type').$type<KycIdType>(),
    idNumberLast4: text('id_number_last4'),
    selfieFileId: text('selfie_file_id'),
    reason: text('reason'),
    reviewDueAt: timestamp('review_due_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sandbox_identity_sessions_verification_unique').on(table.verificationId),
    index('sandbox_identity_sessions_review_idx')
      .on(table.reviewDueAt)
      .where(sql`${table.status} = 'IN_REVIEW'`),
  ],
);
