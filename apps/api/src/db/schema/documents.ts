import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/** A business document: one stored file under one of the document names of SPEC section 3. */
export const businessDocuments = pgTable(
  'business_documents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    documentName: text('document_name').notNull(),
    derivedFileName: text('derived_file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('business_documents_file_unique').on(table.fileId),
    uniqueIndex('business_documents_user_derived_unique').on(table.userId, table.derivedFileName),
    index('business_documents_user_idx').on(table.userId, table.createdAt),
  ],
);
