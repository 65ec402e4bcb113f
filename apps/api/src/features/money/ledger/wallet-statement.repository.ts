import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { ledgerEntries, ledgerPostings } from '../../../db/schema/ledger.ts';
import { transactions } from '../../../db/schema/transactions.ts';
import { wallets } from '../../../db/schema/wallets.ts';
import type { TransferRequest } from './ledger.types.ts';

/*
 * A wallet's statement read from the ledger itself: its entries (ledger_entries with this wallet_id), dated by when
 * they were posted (an entry's created_at, its posting's). `start` and `until` bound the period, `until` excluded.
 */
export interface StatementWindow {
  walletId: string;
  start: Date;
  until: Date;
}

type PostingKind = TransferRequest['kind'];

export interface StatementEntry {
  id: number;
  postedAt: Date;
  /** Minor units: > 0 into the wallet, < 0 out of it. */
  amount: number;
  /** The posting's kind; a reversal counts as the kind it reverses (a returned payout is a PAYOUT back). */
  kind: PostingKind;
  reversal: boolean;
  description: string;
  /** The movement's transaction, as the merchant knows it: its order reference (or its parent's), else its id. */
  reference: string;
}

export interface KindTotals {
  kind: PostingKind;
  moneyIn: number;
  moneyOut: number;
  entries: number;
}

const reversed = alias(ledgerPostings, 'reversed');
const parent = alias(transactions, 'parent');

/** The wallet's own id when `userId` holds it, else nothing: every statement query is scoped by it. */
const ownedWallet = (userId: string, walletId: string) =>
  sql`(select ${wallets.id} from ${wallets} where ${wallets.id} = ${walletId} and ${wallets.userId} = ${userId})`;

const effectiveKind = sql<PostingKind>`case when ${ledgerPostings.kind} = 'REVERSAL'
  then coalesce(${reversed.kind}, ${ledgerPostings.kind}) else ${ledgerPostings.kind} end`;

/**
 * The balance before the period and each kind's money in and out within it, in one statement (so one snapshot:
 * the opening and the totals agree with each other).
 */
export async function summarizeOwnedWalletPeriod(
  db: DbOrTx,
  userId: string,
  window: StatementWindow,
): Promise<{ opening: number; kinds: KindTotals[] }> {
  const bucket = sql<string>`case when ${ledgerEntries.createdAt} < ${window.start} then 'OPENING' else ${effectiveKind} end`;
  const rows = await db
    .select({
      bucket,
      moneyIn: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`,
      moneyOut: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
      entries: sql<string>`count(*)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, sql`${ledgerPostings.id} = ${ledgerEntries.postingId}`)
    .leftJoin(reversed, sql`${reversed.id} = ${ledgerPostings.reversesPostingId}`)
    .where(
      sql`${ledgerEntries.walletId} = ${ownedWallet(userId, window.walletId)}
        and ${ledgerEntries.createdAt} < ${window.until}`,
    )
    // By position: the bucket's expression carries a parameter, and a second copy of it would not match.
    .groupBy(sql`1`);
  const opening = rows.find((row) => row.bucket === 'OPENING');
  return {
    opening: opening ? Number(opening.moneyIn) - Number(opening.moneyOut) : 0,
    kinds: rows
      .filter((row) => row.bucket !== 'OPENING')
      .map((row) => ({
        kind: row.bucket as PostingKind,
        moneyIn: Number(row.moneyIn),
        moneyOut: Number(row.moneyOut),
        entries: Number(row.entries),
      })),
  };
}

interface EntryCursor {
  /** The entry's created_at as PostgreSQL writes it: microseconds kept, which a JS Date would lose. */
  postedAt: string;
  id: number;
}

async function entryPage(
  db: DbOrTx,
  userId: string,
  window: StatementWindow,
  after: EntryCursor | null,
  size: number,
) {
  const afterCursor = after
    ? sql`and (${ledgerEntries.createdAt}, ${ledgerEntries.id}) > (${after.postedAt}::timestamptz, ${after.id})`
    : sql``;
  // The page's entries first, then what names them for those rows alone: joined before the limit, every page
  // would join all of the wallet's entries.
  const page = db
    .select({
      id: ledgerEntries.id,
      postingId: ledgerEntries.postingId,
      postedAt: ledgerEntries.createdAt,
      cursor: sql<string>`${ledgerEntries.createdAt}::text`.as('cursor'),
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .where(
      sql`${ledgerEntries.walletId} = ${ownedWallet(userId, window.walletId)}
        and ${ledgerEntries.createdAt} >= ${window.start} and ${ledgerEntries.createdAt} < ${window.until}
        ${afterCursor}`,
    )
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id)
    .limit(size)
    .as('page');
  return db
    .select({
      id: page.id,
      postedAt: page.postedAt,
      cursor: page.cursor,
      amount: page.amount,
      kind: effectiveKind,
      reversal: sql<boolean>`${ledgerPostings.kind} = 'REVERSAL'`,
      description: ledgerPostings.description,
      reference: sql<string>`coalesce(${transactions.orderReference}, ${parent.orderReference},
        ${transactions.id}::text,
        nullif(split_part(coalesce(${reversed.idempotencyKey}, ${ledgerPostings.idempotencyKey}), ':', 2), ''),
        ${ledgerPostings.id}::text)`,
    })
    .from(page)
    .innerJoin(ledgerPostings, sql`${ledgerPostings.id} = ${page.postingId}`)
    .leftJoin(reversed, sql`${reversed.id} = ${ledgerPostings.reversesPostingId}`)
    .leftJoin(transactions, sql`${transactions.postingId} = ${page.postingId}`)
    .leftJoin(parent, sql`${parent.id} = ${transactions.parentTransactionId}`)
    .orderBy(page.postedAt, page.id);
}

/**
 * Every entry of the period in posting order (ties by entry id), read in keyset pages of `size`: only one page is
 * held at a time. Each page is a range of ledger_entries_wallet_created_idx (wallet_id, created_at, id) that starts
 * after the last entry of the one before and stops at `size` rows: no page reads or sorts the wallet's other
 * entries (ADR 061).
 */
export async function* eachOwnedWalletEntry(
  db: DbOrTx,
  userId: string,
  window: StatementWindow,
  size = 5000,
): AsyncGenerator<StatementEntry> {
  let after: EntryCursor | null = null;
  for (;;) {
    const rows = await entryPage(db, userId, window, after, size);
    for (const { cursor: _cursor, ...entry } of rows) yield entry;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { postedAt: last.cursor, id: last.id };
  }
}
