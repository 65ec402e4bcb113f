import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * The people who paid a merchant through checkout (issue 22 §3), one per merchant and email in any case: each
 * checkout payment names its customer (checkout_payments.customer_id). `name` is the one given at their latest
 * payment; what they spent, refunds and disputes are read from their payments, never stored here.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('customers_user_email_unique').on(table.userId, sql`lower(${table.email})`)],
);
