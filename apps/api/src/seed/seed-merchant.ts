import type { FeeSchedule } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { insertMerchant } from '../features/auth/index.ts';
import { insertTransactionsInBulk, listWallets, postTransfersInBulk } from '../features/money/index.ts';
import { findUserByEmail } from '../features/users/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { type DemoTransaction, generateDemoTransactions, randomSource } from './demo-transactions.ts';

export interface SeedMerchantOptions {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
  /** The company profile's description, filled as a merchant trading for months has it. */
  businessDescription: string;
  /** Sales: each successful card sale also gets its card fee, by this schedule (the checkout's). */
  transactions: number;
  feeSchedule: FeeSchedule;
  days: number;
  seed: number;
  batchSize?: number;
  onProgress?: (done: number) => void;
}

const DAY_MS = 86_400_000;

/** The merchant signed up (its wallets opened) when its history starts: `since`, an hour before the first sale. */
async function findOrCreateMerchant(db: Db, options: SeedMerchantOptions, since: Date) {
  const existing = await findUserByEmail(db, options.email);
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
        businessDescription: options.businessDescription,
        createdAt: since,
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
          kind: movement.channel === 'FEE' ? 'FEE' : 'PAYMENT',
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
    await insertTransactionsInBulk(
      tx,
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
        parentTransactionId: movement.parentId,
        postingId: postingIds.get(movement.id) ?? null,
      })),
    );
  });
}

/**
 * A merchant with realistic history; an existing merchant (same email) is left as it is. `historyStart`: when the
 * merchant signed up, an hour before the first sale; what is added to the demo afterwards dates from it.
 */
export async function seedMerchant(db: Db, options: SeedMerchantOptions) {
  const now = Date.now();
  const historyStart = new Date(now - options.days * DAY_MS - 3_600_000);
  const { userId, created } = await findOrCreateMerchant(db, options, historyStart);
  if (!created) return { userId, created, transactions: 0, historyStart };
  const owned = await listWallets(db, userId);
  const movements = generateDemoTransactions(
    owned.map((wallet) => ({ walletId: wallet.id, currency: wallet.currency })),
    options.transactions,
    options.days,
    randomSource(options.seed),
    options.feeSchedule,
    now,
  );
  const batchSize = options.batchSize ?? 2000;
  for (let start = 0; start < movements.length; start += batchSize) {
    await writeBatch(db, userId, movements.slice(start, start + batchSize));
    options.onProgress?.(Math.min(start + batchSize, movements.length));
  }
  // A bulk load leaves the planner's statistics behind: PGlite has no autovacuum to take them, and PostgreSQL's
  // would take them only after the load, while the first searches already ran on guesses. The whole database:
  // the tables written are several features' own.
  await db.execute(sql`analyze`);
  return { userId, created, transactions: movements.length, historyStart };
}
