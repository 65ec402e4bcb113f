import { SANDBOX_BANK_LINK_STATUSES, type SandboxBankLinkStatus, type UsdAccountType } from '@bizdash/shared';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bankLinks } from './bank-links.ts';
import { id, isOneOf, timestamps } from './columns.ts';

/**
 * The sandbox bank-link provider's own records (its hosted page's sessions): what a real provider keeps on its
 * side. The account numbers are the sandbox bank's, derived from the institution and type, never stored here;
 * the public token is handed over in the callback and exchanged once.
 */
export const sandboxBankLinkSessions = pgTable(
  'sandbox_bank_link_sessions',
  {
    id: id(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => bankLinks.id, { onDelete: 'cascade' }),
    status: text('status').$type<SandboxBankLinkStatus>().notNull().default('OPEN'),
    reason: text('reason'),
    completionRedirectUrl: text('completion_redirect_url').notNull(),
    institutionId: text('institution_id'),
    accountType: text('account_type').$type<UsdAccountType>(),
    publicToken: text('public_token'),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sandbox_bank_link_sessions_link_unique').on(table.linkId),
    uniqueIndex('sandbox_bank_link_sessions_public_token_unique').on(table.publicToken),
    check('sandbox_bank_link_sessions_status_check', isOneOf(table.status, SANDBOX_BANK_LINK_STATUSES)),
  ],
);
