import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * API keys of merchants and apps (ADR 033): a keyed hash to find a key by, and a sealed copy so its owner can see
 * it again; never the key itself. expires_at null is the current key; a rolled-over key keeps working until its
 * expires_at; deleted_at ends a key at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    // Set by the service (not defaulted here): the sealed copy is bound to it before the row is written.
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    keySealed: text('key_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_unique').on(table.keyHash),
    uniqueIndex('api_keys_one_current_idx')
      .on(table.userId)
      .where(sql`${table.expiresAt} is null and ${table.deletedAt} is null`),
    index('api_keys_user_idx').on(table.userId, table.createdAt),
  ],
);
