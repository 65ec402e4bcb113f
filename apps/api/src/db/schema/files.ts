import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, isOneOf } from './columns.ts';
import { users } from './users.ts';

export const FILE_PURPOSES = [
  'profile',
  'checkout_logo',
  'document',
  'kyc_selfie',
  'dispute_evidence',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/**
 * Every stored upload: its bytes are in the storage provider under storage_key (a random name); the original
 * file name is sanitised metadata only. Images (profile, checkout_logo, kyc_selfie) have been re-encoded before
 * storing; documents and KYC selfies are private.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<FilePurpose>().notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('files_storage_key_unique').on(table.storageKey),
    index('files_owner_idx').on(table.ownerId, table.createdAt),
    check('files_purpose_check', isOneOf(table.purpose, FILE_PURPOSES)),
    check('files_size_check', sql`${table.size} > 0`),
  ],
);
