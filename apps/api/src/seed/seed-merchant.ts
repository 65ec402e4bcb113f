import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  ledgerEntries,
  ledgerPostings,
  transactionCounters,
  transactions,
  users,
  walletDailyTotals,
  wallets,
} from '../db/schema/index.ts';
import { insertMerchant } from '../features/auth/index.ts';
import { postTransfersInBulk } from '../features/money/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { type DemoTransaction, generateDemoTransactions, randomSource } from './demo-transactions.ts';

export interface SeedMerchantOptions {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
  transactions: number;
  days: number;
  seed: number;
  batchSize?: number;
  onProgress?: (done: number) => void;
}

async function findOrCreateMerchant(db: Db, options: SeedMerchantOptions) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, options.email));
  if (existing) return { userId: existing.id, created: false };
  const passwordHash = await hashPassword(options.password);
  const user = await db.transaction((tx) =>
    insertMerchant(
      tx,
      {
        email: options.email,
        firstName: options.firstName,
        lastName: options.lastName,
        phoneNumber: '08031234567',
        businessName: options.businessName,
        countryOfBusiness: 'Nigeria',
      },
      passwordHash,
    ),
  );
  return { userId: user.id, created: true };
}

/** One batch, one database transaction: postings and entries through the ledger, then the transaction rows. */
async function writeBatch(db: Db, userId: string, batch: DemoTransaction[]) {
  await db.transaction(async (tx) => {
    const posted = batch.filter((movement) => movement.status === 'SUCCESSFUL');
    const postingIds = new Map(posted.map((movement) => [movement.id, crypto.randomUUID()]));
    await postTransfersInBulk(
      tx,
      posted.map((movement) => {
        const walletAmount = movement.type === 'CREDIT' ? movement.amount : -movement.amount;
        return {
          postingId: postingIds.get(movement.id) as string,
          idempotencyKey: `transaction:${movement.id}`,
          kind: movement.channel === 'PAYOUT' ? 'PAYOUT' : 'PAYMENT',
          description: movement.description,
          legs: [
            { account: { walletId: movement.walletId }, currency: movement.currency, amount: walletAmount },
            {
              account: { system: movement.counterparty },
              currency: movement.currency,
              amount: -walletAmount,
            },
          ],
        };
      }),
    );
    await tx.insert(transactions).values(
      batch.map((movement) => ({
        id: movement.id,
        userId,
        walletId: movement.walletId,
        impactTime: movement.impactTime,
        description: movement.description,
        transactionAmount: movement.amount,
        currencyCode: movement.currency,
        transactionType: movement.type,
        transactionStatus: movement.status,
        beneficiary: movement.beneficiary,
        transactionChannel: movement.channel,
        orderReference: movement.orderReference,
        postingId: postingIds.get(movement.id) ?? null,
      })),
    );
  });
}

/** A merchant with realistic history; an existing merchant (same email) is left as it is. */
export async function seedMerchant(db: Db, options: SeedMerchantOptions) {
  const { userId, created } = await findOrCreateMerchant(db, options);
  if (!created) return { userId, created, transactions: 0 };
  const owned = await db
    .select({ walletId: wallets.id, currency: wallets.currency })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(wallets.currency);
  const movements = generateDemoTransactions(
    owned.map((wallet) => ({ walletId: wallet.walletId, currency: wallet.currency })),
    options.transactions,
    options.days,
    randomSource(options.seed),
  );
  const batchSize = options.batchSize ?? 2000;
  for (let start = 0; start < movements.length; start += batchSize) {
    await writeBatch(db, userId, movements.slice(start, start + batchSize));
    options.onProgress?.(Math.min(start + batchSize, movements.length));
  }
  // A bulk load leaves the planner's statistics behind: PGlite has no autovacuum to take them, and PostgreSQL's
  // would take them only after the load, while the first searches already ran on guesses.
  await db.execute(
    sql`analyze ${users}, ${wallets}, ${ledgerPostings}, ${ledgerEntries}, ${transactions}, ${transactionCounters}, ${walletDailyTotals}`,
  );
  return { userId, created, transactions: movements.length };
}
