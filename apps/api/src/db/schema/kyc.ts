import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, isOneOf, timestamps } from './columns.ts';
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
    check('identity_verifications_status_check', isOneOf(table.status, IDENTITY_VERIFICATION_STATUSES)),
  ],
);
