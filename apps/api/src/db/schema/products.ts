import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { currency, id, knownCurrency, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * What a merchant sells through a payment link; archived instead of deleted once it has payments. fillfactor 70
 * (migration 0041): each sale's stock update stays on its page.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    description: text('description'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: currency(),
    quantityAvailable: integer('quantity_available').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('products_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('products_amount_positive', sql`${table.amount} > 0`),
    check('products_quantity_not_negative', sql`${table.quantityAvailable} >= 0`),
    knownCurrency(table.currency),
  ],
);
