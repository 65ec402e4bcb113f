import { randomUUID } from 'node:crypto';
import { TRANSACTION_COUNT_CAP, type TransactionStatus } from '@bizdash/shared';
import { and, desc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { asSet, preparedQuery, preparedSql } from '../../../db/prepared.ts';
import { transactionCounters, transactions } from '../../../db/schema/transactions.ts';
import { ownedUserIds } from '../../users/index.ts';
import { type MatchCount, textSearchPage } from './text-search-page.ts';
import { below, type Cursor, type OwnedFilter, type PagePosition, whereFor } from './transaction-filter.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;

/** No filter but the owner: the transactions screen's first request, a fixed shape. */
const ownerOnly = (filter: OwnedFilter) =>
  !filter.walletId &&
  !filter.status &&
  !filter.type &&
  !filter.currency &&
  !filter.channel &&
  !filter.from &&
  !filter.to &&
  !filter.query;

const ownerTotal = (userId: Placeholder) =>
  sql<string>`(select coalesce(sum(${transactionCounters.count}), 0) from ${transactionCounters}
    where ${transactionCounters.userId} = ${userId})`;

/** The page with the owner's total beside each row: one round trip where two would do the same. */
const ownerPageQuery = preparedQuery('transactions_owner_page', ['userId', 'size', 'offset'], (db, p) =>
  db
    .select({ transaction: transactions, total: ownerTotal(p.userId) })
    .from(transactions)
    .where(eq(transactions.userId, p.userId))
    .orderBy(desc(transactions.impactTime), desc(transactions.id))
    .limit(p.size)
    .offset(p.offset),
);

const ownerCountQuery = preparedQuery('transactions_owner_count', ['userId'], (db, p) =>
  db.select({ total: ownerTotal(p.userId) }).from(sql`(select 1) as one`),
);

export interface SearchResult extends MatchCount {
  rows: TransactionRow[];
}

/**
 * A page of the owner's transactions and their total. The transactions screen's first request (no filter but
 * the owner) is one prepared statement; any other filter builds its page and count queries.
 */
export async function searchPage(
  db: DbOrTx,
  filter: OwnedFilter,
  position: PagePosition,
): Promise<SearchResult> {
  const { page, size, after } = position;
  if (filter.query) {
    // Sequential: a rare word's page brings its count, and a common word's count is only read when needed.
    const { rows, count } = await textSearchPage(db, { ...filter, query: filter.query }, position);
    return { rows, ...(count ?? (await countTransactions(db, filter))) };
  }
  if (!ownerOnly(filter) || after) {
    const [rows, count] = await Promise.all([
      searchTransactions(db, filter, position),
      countTransactions(db, filter),
    ]);
    return { rows, ...count };
  }
  const found = await ownerPageQuery(db, { userId: filter.userId, size, offset: (page - 1) * size });
  const [first] = found;
  if (first)
    return { rows: found.map((row) => row.transaction), total: Number(first.total), totalCapped: false };
  // Past the last page: no row carried the total.
  const [counted] = await ownerCountQuery(db, { userId: filter.userId });
  return { rows: [], total: Number(counted?.total ?? 0), totalCapped: false };
}

async function searchTransactions(db: DbOrTx, filter: OwnedFilter, { page, size, after }: PagePosition) {
  const query = db
    .select()
    .from(transactions)
    .where(and(whereFor(filter), after ? below(after) : undefined))
    .orderBy(desc(transactions.impactTime), desc(transactions.id))
    .limit(size);
  return after ? query : query.offset((page - 1) * size);
}

/** Filters the counters table can answer (owner, wallet, type, status, currency) cost one small sum. */
const countableFromCounters = (filter: OwnedFilter) =>
  !filter.from && !filter.to && !filter.channel && !filter.query;

/**
 * Exact from the counters where they answer the filter; otherwise rows are counted up to one past the cap, so a
 * search matching most of a large history stops early instead of counting every match (ADR 021).
 */
async function countTransactions(db: DbOrTx, filter: OwnedFilter): Promise<MatchCount> {
  if (countableFromCounters(filter)) {
    const conditions = [
      eq(transactionCounters.userId, filter.userId),
      filter.walletId ? eq(transactionCounters.walletId, filter.walletId) : undefined,
      filter.status ? inArray(transactionCounters.transactionStatus, filter.status) : undefined,
      filter.type ? eq(transactionCounters.transactionType, filter.type) : undefined,
      filter.currency
        ? sql`${transactionCounters.walletId} in (select id from wallets where user_id = ${filter.userId} and currency = ${filter.currency})`
        : undefined,
    ];
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${transactionCounters.count}), 0)` })
      .from(transactionCounters)
      .where(and(...conditions));
    return { total: Number(row?.total ?? 0), totalCapped: false };
  }
  const matches = db
    .select({ one: sql`1` })
    .from(transactions)
    .where(whereFor(filter))
    .limit(TRANSACTION_COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ total: sql<string>`count(*)` }).from(matches);
  const counted = Number(row?.total ?? 0);
  return { total: Math.min(counted, TRANSACTION_COUNT_CAP), totalCapped: counted > TRANSACTION_COUNT_CAP };
}

/** Streams every match in pages of `batch` rows, by keyset so late pages cost as little as early ones. */
export async function* eachTransaction(db: DbOrTx, filter: OwnedFilter, batch = 2000) {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await searchTransactions(db, filter, { page: 1, size: batch, after });
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { impactTime: last.impactTime, id: last.id };
  }
}

export async function findOwnedTransaction(db: DbOrTx, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), inArray(transactions.userId, ownedUserIds(db, ownerId))));
  return row ?? null;
}

const insertTransactionQuery = preparedQuery(
  'transactions_insert',
  [
    'id',
    'userId',
    'walletId',
    'transactionType',
    'transactionStatus',
    'transactionAmount',
    'currencyCode',
    'description',
    'transactionChannel',
    'beneficiary',
    'orderReference',
    'parentTransactionId',
    'impactTime',
    'postingId',
  ],
  (db, values) => db.insert(transactions).values(values).returning(),
);

export async function insertTransaction(db: DbOrTx, row: NewTransactionRow) {
  const [inserted] = await insertTransactionQuery(db, {
    ...row,
    id: row.id ?? randomUUID(),
    beneficiary: row.beneficiary ?? null,
    orderReference: row.orderReference ?? null,
    parentTransactionId: row.parentTransactionId ?? null,
    impactTime: row.impactTime ?? new Date(),
    postingId: row.postingId ?? null,
  });
  if (!inserted) throw new Error('insert into transactions returned no row');
  return inserted;
}

const lockTransactionQuery = preparedQuery('transactions_lock', ['id'], (db, { id }) =>
  db.select().from(transactions).where(eq(transactions.id, id)).for('update'),
);

export async function lockTransactionById(db: DbOrTx, id: string) {
  const [row] = await lockTransactionQuery(db, { id });
  return row ?? null;
}

const setStatusQuery = preparedQuery(
  'transactions_set_status',
  ['id', 'transactionStatus', 'failureReason'],
  (db, p) =>
    db
      .update(transactions)
      .set({
        transactionStatus: sql`${p.transactionStatus}`,
        failureReason: sql`${p.failureReason}`,
        updatedAt: sql`now()`,
      })
      .where(eq(transactions.id, p.id))
      .returning(),
);

const setPostedQuery = preparedQuery(
  'transactions_set_posted',
  ['id', 'transactionStatus', 'postingId', 'impactTime'],
  (db, { id, ...change }) =>
    db
      .update(transactions)
      .set({ ...asSet(change), updatedAt: sql`now()` })
      .where(eq(transactions.id, id))
      .returning(),
);

export async function updateTransactionStatusById(
  db: DbOrTx,
  id: string,
  change:
    | { transactionStatus: TransactionStatus; failureReason?: string | null }
    | { transactionStatus: TransactionStatus; postingId: string; impactTime: Date },
) {
  const [row] = await ('postingId' in change
    ? setPostedQuery(db, { id, ...change })
    : setStatusQuery(db, { id, failureReason: null, ...change }));
  if (!row) throw new Error(`transaction ${id} vanished`);
  return row;
}

/**
 * A posted transaction whose money came back (a payout the bank returned after settling it): FAILED with why, and
 * no longer posted (its postings are reversed by the caller), as every FAILED transaction is.
 */
export async function markReturnedTransaction(tx: DbOrTx, id: string, failureReason: string) {
  const [row] = await tx
    .update(transactions)
    .set({ transactionStatus: 'FAILED', failureReason, postingId: null, updatedAt: sql`now()` })
    .where(eq(transactions.id, id))
    .returning();
  if (!row) throw new Error(`transaction ${id} vanished`);
  return row;
}

const postWithChildQuery = preparedSql(
  'transactions_post_with_child',
  [
    'parentId',
    'parentPostingId',
    'impactTime',
    'id',
    'transactionType',
    'transactionAmount',
    'description',
    'transactionChannel',
    'postingId',
  ],
  (p) => sql<{ id: string }>`
    with parent as (
      update ${transactions}
      set transaction_status = 'SUCCESSFUL', posting_id = ${p.parentPostingId},
        impact_time = ${p.impactTime}::timestamptz, updated_at = now()
      where id = ${p.parentId}
      returning id, user_id, wallet_id, currency_code, order_reference
    )
    insert into ${transactions} (id, user_id, wallet_id, transaction_type, transaction_status,
      transaction_amount, currency_code, description, transaction_channel, order_reference,
      parent_transaction_id, posting_id, impact_time)
    select ${p.id}::uuid, parent.user_id, parent.wallet_id, ${p.transactionType}::text, 'SUCCESSFUL',
      ${p.transactionAmount}::bigint, parent.currency_code, ${p.description}::text, ${p.transactionChannel}::text,
      parent.order_reference, parent.id, ${p.postingId}::uuid, ${p.impactTime}::timestamptz
    from parent
    returning id`,
);

/**
 * A pending transaction posted (SUCCESSFUL) and a successful child of it (its fee) written, in one statement;
 * the child takes its owner, wallet, currency and reference from the parent.
 */
export async function postWithChild(
  db: DbOrTx,
  parent: { id: string; postingId: string; impactTime: Date },
  child: Pick<
    TransactionRow,
    'transactionType' | 'transactionAmount' | 'description' | 'transactionChannel'
  > & {
    id: string;
    postingId: string;
  },
) {
  const [row] = await postWithChildQuery(db, {
    parentId: parent.id,
    parentPostingId: parent.postingId,
    impactTime: parent.impactTime,
    ...child,
  });
  if (!row) throw new Error(`transaction ${parent.id} vanished`);
}

export async function findTransactionByPosting(db: DbOrTx, postingId: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.postingId, postingId));
  return row ?? null;
}
