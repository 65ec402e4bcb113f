import { TRANSACTION_COUNT_CAP } from '@bizdash/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { transactions } from '../../../db/schema/transactions.ts';
import {
  below,
  type OwnedFilter,
  type PagePosition,
  rowConditions,
  textMatch,
  whereFor,
} from './transaction-filter.ts';

type TransactionRow = typeof transactions.$inferSelect;

/**
 * How many of the newest rows a text search reads before it decides the word is rare. A common word fills its
 * page from them; a rare one does not, and is looked up in the trigram index instead (ADR 021).
 */
const RECENT_WINDOW = 1000;

export interface MatchCount {
  total: number;
  /** More than `total` rows match: counting stopped at the cap. */
  totalCapped: boolean;
}

/**
 * A page of a text search, on a path chosen by what the newest rows say rather than by the planner's guess of
 * how common a pattern is: that guess comes from a sample of a hundred values, and a rare term that happens to
 * be in the sample looks a hundred times as common; the planner then walks the whole history for ten rows.
 */
export async function textSearchPage(
  db: DbOrTx,
  filter: OwnedFilter & { query: string },
  position: PagePosition,
): Promise<{ rows: TransactionRow[]; count?: MatchCount }> {
  const offset = position.after ? 0 : (position.page - 1) * position.size;
  if (offset + position.size > RECENT_WINDOW)
    return { rows: await plannedPage(db, filter, position, offset) };
  const recentMatches = await fromRecentRows(db, filter, position, offset);
  if (recentMatches.length === position.size) return { rows: recentMatches };
  const found = await fromCappedMatches(db, filter, position, offset);
  const total = found[0]?.total;
  if (total === undefined) return { rows: [] };
  if (total <= TRANSACTION_COUNT_CAP) {
    return { rows: found.map((row) => row.transaction), count: { total, totalCapped: false } };
  }
  // Rare among the newest rows, common in older ones: the capped set is not the newest matches.
  return {
    rows: await fromTextIndex(db, filter, position, offset),
    count: { total: TRANSACTION_COUNT_CAP, totalCapped: true },
  };
}

/** The newest rows of the other filters, walked in order (index), then matched. */
async function fromRecentRows(
  db: DbOrTx,
  filter: OwnedFilter & { query: string },
  position: PagePosition,
  offset: number,
) {
  const recent = db
    .select()
    .from(transactions)
    .where(and(rowConditions(filter), position.after ? below(position.after) : undefined))
    .orderBy(desc(transactions.impactTime), desc(transactions.id))
    .limit(RECENT_WINDOW)
    .as('recent');
  return db
    .select()
    .from(recent)
    .where(textMatch(recent, filter.query))
    .orderBy(desc(recent.impactTime), desc(recent.id))
    .limit(position.size)
    .offset(offset);
}

/**
 * Up to one more than the cap of the matches, counted, and the page of them, in one statement: a rare word's
 * page and count read the trigram index once. With more matches than the cap, the set is not the newest ones.
 */
async function fromCappedMatches(db: DbOrTx, filter: OwnedFilter, position: PagePosition, offset: number) {
  const capped = db
    .select({ id: transactions.id, impactTime: transactions.impactTime })
    .from(transactions)
    .where(whereFor(filter))
    .limit(TRANSACTION_COUNT_CAP + 1)
    .as('capped');
  const counted = db
    .select({
      id: capped.id,
      impactTime: capped.impactTime,
      total: sql<string>`count(*) over ()`.as('total'),
    })
    .from(capped)
    .as('counted');
  const pageIds = db
    .select({ id: counted.id, total: counted.total })
    .from(counted)
    .where(
      position.after
        ? sql`(${counted.impactTime}, ${counted.id}) < (${position.after.impactTime}, ${position.after.id})`
        : undefined,
    )
    .orderBy(desc(counted.impactTime), desc(counted.id))
    .limit(position.size)
    .offset(offset)
    .as('page_ids');
  const rows = await db
    .select({ transaction: transactions, total: pageIds.total })
    .from(transactions)
    .innerJoin(pageIds, eq(transactions.id, pageIds.id))
    .orderBy(desc(transactions.impactTime), desc(transactions.id));
  return rows.map((row) => ({ transaction: row.transaction, total: Number(row.total) }));
}

/**
 * Every match first (materialized: the planner cannot turn it into an ordered walk), then the page of them. A
 * rare word's matches are few, and the trigram index finds them without reading the rows that do not match.
 */
async function fromTextIndex(db: DbOrTx, filter: OwnedFilter, position: PagePosition, offset: number) {
  const where = position.after ? sql`${whereFor(filter)} and ${below(position.after)}` : whereFor(filter);
  const pageIds = sql`(with matches as materialized (
      select ${transactions.id} as id, ${transactions.impactTime} as impact_time from ${transactions} where ${where}
    )
    select id from matches order by impact_time desc, id desc limit ${position.size} offset ${offset})`;
  return db
    .select()
    .from(transactions)
    .where(inArray(transactions.id, pageIds))
    .orderBy(desc(transactions.impactTime), desc(transactions.id));
}

/** A page deeper than the window by number: the planner's choice (a link or a reload, not Next). */
async function plannedPage(db: DbOrTx, filter: OwnedFilter, position: PagePosition, offset: number) {
  return db
    .select()
    .from(transactions)
    .where(whereFor(filter))
    .orderBy(desc(transactions.impactTime), desc(transactions.id))
    .limit(position.size)
    .offset(offset);
}
