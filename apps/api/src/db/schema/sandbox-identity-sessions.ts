import type { KycIdType, SandboxKycSessionStatus } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { identityVerifications } from './kyc.ts';

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
