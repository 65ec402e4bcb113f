import { type ParsedTransactionSearchFilter, uuidField } from '@bizdash/shared';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { searchText, transactions } from '../../../db/schema/transactions.ts';
import { containsPattern } from '../../../lib/contains-pattern.ts';

/** LIKE wildcards in the merchant's text are literal characters. */

export interface OwnedFilter extends Omit<ParsedTransactionSearchFilter, 'userId'> {
  userId: string;
}

/** Every condition of the filter but its text: what an ordered index walk can serve. */
export function rowConditions(filter: OwnedFilter): SQL | undefined {
  return and(
    eq(transactions.userId, filter.userId),
    filter.walletId ? eq(transactions.walletId, filter.walletId) : undefined,
    filter.status ? inArray(transactions.transactionStatus, filter.status) : undefined,
    filter.type ? eq(transactions.transactionType, filter.type) : undefined,
    filter.currency ? eq(transactions.currencyCode, filter.currency) : undefined,
    filter.channel ? eq(transactions.transactionChannel, filter.channel) : undefined,
    filter.from ? gte(transactions.impactTime, new Date(filter.from)) : undefined,
    filter.to ? lte(transactions.impactTime, new Date(filter.to)) : undefined,
  );
}

type Searchable = Parameters<typeof searchText>[0] & { id: AnyPgColumn };

/** The merchant's text in description, beneficiary or order reference (any case), or exactly a transaction id. */
export function textMatch(table: Searchable, query: string): SQL {
  const text = sql`${searchText(table)} ilike ${containsPattern(query)}`;
  return uuidField.safeParse(query).success ? sql`(${eq(table.id, query)} or ${text})` : text;
}

export function whereFor(filter: OwnedFilter): SQL | undefined {
  return and(rowConditions(filter), filter.query ? textMatch(transactions, filter.query) : undefined);
}

/** The newest-first position a page starts below: the last row of the page before it. */
export interface Cursor {
  impactTime: Date;
  id: string;
}

export const below = (cursor: Cursor) =>
  sql`(${transactions.impactTime}, ${transactions.id}) < (${cursor.impactTime}, ${cursor.id})`;

/** Which page: by number (an offset), or below a cursor (keyset: stable as new transactions arrive). */
export interface PagePosition {
  page: number;
  size: number;
  after?: Cursor;
}
