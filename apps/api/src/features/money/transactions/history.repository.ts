import { eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { ledgerEntries } from '../../../db/schema/ledger.ts';
import { transactions } from '../../../db/schema/transactions.ts';
import { wallets } from '../../../db/schema/wallets.ts';
import type { NewTransactionRow } from './transactions.repository.ts';

/** Whether the user has any transaction or ledger line: money history that must stay on the record. */
export async function hasMoneyHistory(tx: Tx, userId: string): Promise<boolean> {
  const userWallets = tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId));
  const [row] = await tx
    .select({
      any: sql<boolean>`exists (select 1 from ${transactions} where ${transactions.userId} = ${userId})
        or exists (select 1 from ${ledgerEntries} where ${ledgerEntries.walletId} in (${userWallets}))`,
    })
    .from(sql`(select 1) as one`);
  return row?.any === true;
}

// What only the demo seed writes: months of history at once, and payouts moved back to the days they happened.

/** Transaction rows of history whose postings were made in bulk beside them (postTransfersInBulk). */
export async function insertTransactionsInBulk(tx: Tx, rows: NewTransactionRow[]) {
  if (rows.length > 0) await tx.insert(transactions).values(rows);
}

/** What the wallet's settled transactions had brought in, net, by `at`. */
export async function settledBalanceAt(db: DbOrTx, walletId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(case when ${transactions.transactionType} = 'CREDIT'
        then ${transactions.transactionAmount} else -${transactions.transactionAmount} end), 0)::bigint`,
    })
    .from(transactions)
    .where(
      sql`${transactions.walletId} = ${walletId} and ${transactions.transactionStatus} = 'SUCCESSFUL'
        and ${transactions.impactTime} <= ${at}`,
    );
  return Number(row?.balance ?? 0);
}

/**
 * A payout's transactions moved to the day it happened: the debit (and a reversal's rows under it) to when it
 * settled, its fee to when it was made; their daily totals follow by trigger.
 */
export async function backdatePayoutMovements(
  tx: Tx,
  movements: { transactionId: string; feeTransactionId: string | null },
  { at, settledAt }: { at: Date; settledAt: Date },
) {
  const own = [movements.transactionId, movements.feeTransactionId].filter((id): id is string => id !== null);
  await tx
    .update(transactions)
    .set({ impactTime: settledAt })
    .where(or(inArray(transactions.id, own), inArray(transactions.parentTransactionId, own)));
  if (movements.feeTransactionId) {
    await tx
      .update(transactions)
      .set({ impactTime: at })
      .where(eq(transactions.id, movements.feeTransactionId));
  }
}
