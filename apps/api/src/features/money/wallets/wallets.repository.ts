import { CURRENCIES, PENDING_TRANSACTION_STATUSES } from '@bizdash/shared';
import { and, asc, between, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { transactionCounters, walletDailyTotals } from '../../../db/schema/transactions.ts';
import { wallets } from '../../../db/schema/wallets.ts';

const findOwnedWalletQuery = preparedQuery('wallets_find_owned', ['userId', 'walletId'], (db, p) =>
  db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, p.walletId), eq(wallets.userId, p.userId))),
);

/** The user's own wallet with this id; null for anyone else's wallet, or none. */
export async function findOwnedWallet(db: DbOrTx, userId: string, walletId: string) {
  const [row] = await findOwnedWalletQuery(db, { userId, walletId });
  return row ?? null;
}

const lockOwnedWalletQuery = preparedQuery('wallets_lock_owned', ['userId', 'walletId'], (db, p) =>
  db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, p.walletId), eq(wallets.userId, p.userId)))
    .for('update'),
);

/** The user's own wallet, locked: its payouts are debited one at a time, each against what the last one left. */
export async function lockOwnedWallet(tx: Tx, userId: string, walletId: string) {
  const [row] = await lockOwnedWalletQuery(tx, { userId, walletId });
  return row ?? null;
}

/** The user's wallets, one per currency, in currency order. */
export async function listWallets(db: DbOrTx, userId: string) {
  return db.select().from(wallets).where(eq(wallets.userId, userId)).orderBy(asc(wallets.currency));
}

/** Of these users, the ones with money in a wallet (an archived app is listed while it holds some). */
export async function findUsersHoldingMoney(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: wallets.userId })
    .from(wallets)
    .where(and(inArray(wallets.userId, userIds), ne(wallets.balance, 0)));
  return new Set(rows.map((row) => row.userId));
}

/**
 * Every user (a merchant at sign-up, an app when it is registered) starts with one wallet per currency; the demo
 * seed opens them on the day its merchant signed up.
 */
export async function openWallets(tx: Tx, userId: string, openedAt?: Date) {
  await tx
    .insert(wallets)
    .values(CURRENCIES.map((currency) => ({ userId, currency, createdAt: openedAt, updatedAt: openedAt })));
}

/**
 * The user's wallets, locked as a balance update locks them (NO KEY UPDATE), in wallet id order: the order a
 * posting takes its wallets in. A movement between two of a merchant's wallets takes both here before it moves
 * either, so two movements between the same wallets in opposite directions queue instead of deadlocking.
 */
export async function lockOwnedWallets(tx: Tx, userId: string) {
  return tx
    .select({
      id: wallets.id,
      userId: wallets.userId,
      currency: wallets.currency,
      balance: wallets.balance,
      status: wallets.status,
    })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(asc(wallets.id))
    .for('no key update');
}

const listWalletsWithPendingQuery = preparedQuery(
  'wallets_list_with_pending',
  ['userId'],
  (db, { userId }) => {
    const pending = db
      .select({
        walletId: transactionCounters.walletId,
        amount: sql<string>`sum(${transactionCounters.totalAmount})`.as('amount'),
      })
      .from(transactionCounters)
      .where(
        and(
          eq(transactionCounters.userId, userId),
          eq(transactionCounters.transactionType, 'CREDIT'),
          inArray(transactionCounters.transactionStatus, [...PENDING_TRANSACTION_STATUSES]),
        ),
      )
      .groupBy(transactionCounters.walletId)
      .as('pending');
    return db
      .select({
        id: wallets.id,
        userId: wallets.userId,
        currency: wallets.currency,
        balance: wallets.balance,
        status: wallets.status,
        createdAt: wallets.createdAt,
        pendingAmount: sql<string>`coalesce(${pending.amount}, 0)`,
      })
      .from(wallets)
      .leftJoin(pending, eq(pending.walletId, wallets.id))
      .where(eq(wallets.userId, userId))
      .orderBy(asc(wallets.currency));
  },
);

/** Wallets with what is still on its way in: pending credits, read from the counters the trigger keeps. */
export async function listWalletsWithPending(db: DbOrTx, userId: string) {
  return listWalletsWithPendingQuery(db, { userId });
}

export async function dailyTotals(db: DbOrTx, walletIds: string[], from: string, to: string) {
  if (walletIds.length === 0) return [];
  return db
    .select()
    .from(walletDailyTotals)
    .where(and(inArray(walletDailyTotals.walletId, walletIds), between(walletDailyTotals.day, from, to)))
    .orderBy(asc(walletDailyTotals.day));
}
