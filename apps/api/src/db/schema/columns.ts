import { CURRENCIES, type Currency } from '@bizdash/shared';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** `column in ('A', 'B', …)` from the list of constants the column's type comes from: never a list by hand. */
export const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;

/** A currency column: one of the shared CURRENCIES, never null. Its table lists `knownCurrency(column)`. */
export const currency = (name = 'currency') => text(name).$type<Currency>().notNull();

/**
 * The CHECK of a currency column, `<table>_<column>_known`, built from CURRENCIES: a new currency changes it here
 * and in a migration that replaces it (as 0028 did) on each such column.
 */
export const knownCurrency = (column: AnyPgColumn) =>
  check(`${getTableName(column.table)}_${column.name}_known`, isOneOf(column, CURRENCIES));
