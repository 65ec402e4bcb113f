import { PENDING_TRANSACTION_STATUSES } from '@bizdash/shared';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { transactionCounters, walletDailyTotals, wallets } from '../../../db/schema/index.ts';

export async function findOwnedWallet(db: DbOrTx, userId: string, walletId: string) {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId)));
  return row ?? null;
}

/** Wallets with what is still on its way in: pending credits, read from the counters the trigger keeps. */
export async function listWalletsWithPending(db: DbOrTx, userId: string) {
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
}

export async function dailyTotals(db: DbOrTx, walletIds: string[], from: string, to: string) {
  if (walletIds.length === 0) return [];
  return db
    .select()
    .from(walletDailyTotals)
    .where(and(inArray(walletDailyTotals.walletId, walletIds), between(walletDailyTotals.day, from, to)))
    .orderBy(asc(walletDailyTotals.day));
}
