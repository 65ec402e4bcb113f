import type { Currency } from '@bizdash/shared';
import { and, eq, ne, type Placeholder, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { preparedQuery, preparedSql } from '../../../db/prepared.ts';
import { ledgerEntries, ledgerPostings, systemAccounts } from '../../../db/schema/ledger.ts';
import { wallets } from '../../../db/schema/wallets.ts';
import type { SystemAccountCode } from './ledger.types.ts';

export async function insertPostingOnce(
  tx: Tx,
  posting: {
    idempotencyKey: string;
    requestHash: string;
    kind: string;
    description: string;
    reversesPostingId?: string;
  },
): Promise<string | null> {
  const [row] = await tx
    .insert(ledgerPostings)
    .values(posting)
    .onConflictDoNothing({ target: ledgerPostings.idempotencyKey })
    .returning({ id: ledgerPostings.id });
  return row?.id ?? null;
}

export async function findPostingByKey(tx: Tx, idempotencyKey: string) {
  const [row] = await tx
    .select({ id: ledgerPostings.id, requestHash: ledgerPostings.requestHash })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.idempotencyKey, idempotencyKey));
  return row ?? null;
}

const moveWalletBalanceQuery = (spending: boolean) =>
  preparedQuery(
    spending ? 'ledger_move_wallet_balance_spending' : 'ledger_move_wallet_balance',
    ['walletId', 'currency', 'amount'],
    (db, { walletId, currency, amount }) =>
      db
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${amount}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(wallets.id, walletId),
            eq(wallets.currency, currency),
            spending ? eq(wallets.status, 'ACTIVE') : ne(wallets.status, 'DEACTIVATED'),
            sql`${wallets.balance} + ${amount} >= 0`,
          ),
        )
        .returning({ id: wallets.id }),
  );
const moveSpending = moveWalletBalanceQuery(true);
const moveReceiving = moveWalletBalanceQuery(false);

/**
 * Moves one wallet's balance by `amount` in one statement that also checks the rules (currency, status, never
 * below zero) and takes the row lock; null when a rule refused it (the caller locks the row with `lockWalletState` and judges again).
 */
export async function moveWalletBalance(
  tx: Tx,
  change: { walletId: string; currency: Currency; amount: number; spending: boolean },
) {
  const move = change.spending ? moveSpending : moveReceiving;
  const [row] = await move(tx, {
    walletId: change.walletId,
    currency: change.currency,
    amount: change.amount,
  });
  return row ?? null;
}

/**
 * A dispute's hold (ADR 051): the wallet pays the full amount even when it holds less, so its balance may go below
 * zero here and nowhere else. A deactivated wallet still pays: the card network takes the money back regardless.
 */
export async function moveWalletBalanceForDispute(
  tx: Tx,
  change: { walletId: string; currency: Currency; amount: number },
) {
  // The database lets this one statement take this wallet below zero (migration 0032, ADR 053), and no other.
  await tx.execute(sql`select set_config('bizdash.dispute_hold', ${change.walletId}, true)`);
  const [row] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${change.amount}`, updatedAt: sql`now()` })
    .where(and(eq(wallets.id, change.walletId), eq(wallets.currency, change.currency)))
    .returning({ id: wallets.id });
  await tx.execute(sql`select set_config('bizdash.dispute_hold', '', true)`);
  return row ?? null;
}

/**
 * The wallet row, locked: after a refused move, whether the refusal still holds is judged on this. NO KEY UPDATE,
 * the lock a balance update takes: a plain FOR UPDATE would queue against the key-share locks other postings'
 * entries hold on the wallet and deadlock with them.
 */
export async function lockWalletState(tx: Tx, walletId: string) {
  const [row] = await tx
    .select({ currency: wallets.currency, balance: wallets.balance, status: wallets.status })
    .from(wallets)
    .where(eq(wallets.id, walletId))
    .for('no key update');
  return row ?? null;
}

type EntryColumns = 'postingIds' | 'walletIds' | 'systemCodes' | 'currencies' | 'amounts';
const ENTRY_COLUMNS: EntryColumns[] = ['postingIds', 'walletIds', 'systemCodes', 'currencies', 'amounts'];

/** Entries from one array per column, system accounts named by code and currency and looked up in place. */
const insertEntriesFrom = (p: Record<EntryColumns, Placeholder>) => sql`
  insert into ${ledgerEntries} (posting_id, wallet_id, system_account_id, currency, amount)
  select entry.posting_id, entry.wallet_id, account.id, entry.currency, entry.amount
  from unnest(${p.postingIds}::uuid[], ${p.walletIds}::uuid[], ${p.systemCodes}::text[],
    ${p.currencies}::text[], ${p.amounts}::bigint[])
    with ordinality as entry(posting_id, wallet_id, system_code, currency, amount, position)
  left join ${systemAccounts} account on account.code = entry.system_code and account.currency = entry.currency
  order by entry.position`;

const insertEntriesQuery = preparedSql('ledger_insert_entries', ENTRY_COLUMNS, insertEntriesFrom);

/**
 * Postings and their entries in one statement (the entries' foreign keys are checked at its end, when the
 * postings exist). Keys must be new: this is the bulk path, not a retry path.
 */
const insertPostingsWithEntriesQuery = preparedSql(
  'ledger_insert_postings_with_entries',
  ['ids', 'idempotencyKeys', 'requestHashes', 'kinds', 'descriptions', ...ENTRY_COLUMNS],
  (p) => sql`
    with postings as (
      insert into ${ledgerPostings} (id, idempotency_key, request_hash, kind, description)
      select * from unnest(${p.ids}::uuid[], ${p.idempotencyKeys}::text[], ${p.requestHashes}::text[],
        ${p.kinds}::text[], ${p.descriptions}::text[])
    )
    ${insertEntriesFrom(p)}`,
);

export interface NewEntry {
  postingId: string;
  walletId?: string;
  system?: SystemAccountCode;
  currency: Currency;
  amount: number;
}

const entryColumns = (entries: NewEntry[]) => ({
  postingIds: entries.map((entry) => entry.postingId),
  walletIds: entries.map((entry) => entry.walletId ?? null),
  systemCodes: entries.map((entry) => entry.system ?? null),
  currencies: entries.map((entry) => entry.currency),
  amounts: entries.map((entry) => entry.amount),
});

export async function insertPostingsWithEntries(
  tx: Tx,
  postings: { id: string; idempotencyKey: string; requestHash: string; kind: string; description: string }[],
  entries: NewEntry[],
) {
  await insertPostingsWithEntriesQuery(tx, {
    ids: postings.map((posting) => posting.id),
    idempotencyKeys: postings.map((posting) => posting.idempotencyKey),
    requestHashes: postings.map((posting) => posting.requestHash),
    kinds: postings.map((posting) => posting.kind),
    descriptions: postings.map((posting) => posting.description),
    ...entryColumns(entries),
  });
}

export async function insertEntries(tx: Tx, entries: NewEntry[]) {
  await insertEntriesQuery(tx, entryColumns(entries));
}

export async function findPostingEntries(tx: Tx, postingId: string) {
  return tx
    .select({
      walletId: ledgerEntries.walletId,
      systemCode: systemAccounts.code,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .leftJoin(systemAccounts, eq(systemAccounts.id, ledgerEntries.systemAccountId))
    .where(eq(ledgerEntries.postingId, postingId))
    .orderBy(ledgerEntries.id);
}
