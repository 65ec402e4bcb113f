import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../../../src/db/client.ts';
import { ledgerPostings, transactions, wallets } from '../../../../src/db/schema/index.ts';
import { postTransfer } from '../../../../src/features/money/ledger/ledger.service.ts';
import type { TransferLeg } from '../../../../src/features/money/ledger/ledger.types.ts';
import { verifyLedger } from '../../../../src/features/money/ledger/ledger.verify.ts';
import {
  recordTransaction,
  reverseTransaction,
  settleTransaction,
} from '../../../../src/features/money/transactions/transactions.service.ts';
import { AppError } from '../../../../src/lib/errors.ts';
import {
  countRows,
  creditLegs,
  dbOf,
  debitLegs,
  fundWallet,
  insertTestMerchant,
  useTestApp,
  walletBalance,
} from '../../../helper.ts';

/*
 * On PostgreSQL these operations really race (a pool of connections, one transaction each). PGlite runs one
 * transaction at a time, so there the same operations run serialized: the final invariants must hold either way,
 * and the checks that prove the operations overlapped only apply on PostgreSQL.
 */
describe('ledger under concurrent postings', () => {
  let racing = 0;
  let maxRacing = 0;
  const onPostgres = () => ctx.app.deps.database.kind === 'postgres';

  /** Each operation gets a transaction of its own, and we count how many are open at once. */
  async function ownTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return dbOf(ctx.app).transaction(async (tx) => {
      racing += 1;
      maxRacing = Math.max(maxRacing, racing);
      try {
        return await work(tx);
      } finally {
        racing -= 1;
      }
    });
  }

  const isOverdraft = (error: unknown) => error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS';

  const ctx = useTestApp();

  it('settles 200 concurrent credits and debits on one wallet, refusing exactly the overdrafts', async () => {
    const merchant = await insertTestMerchant(ctx.app);
    const initial = 50_000;
    await fundWallet(ctx.app, merchant.NGN, initial);
    const operations = Array.from({ length: 200 }, (_, index) => ({
      credit: index % 3 === 0,
      amount: index % 3 === 0 ? 1_000 + index * 7 : 500 + ((index * 37) % 2_000),
      key: `race:${merchant.NGN}:${index}`,
    }));
    const debits = operations.filter((operation) => !operation.credit);
    const credits = operations.filter((operation) => operation.credit);
    const total = (list: typeof operations) => list.reduce((sum, operation) => sum + operation.amount, 0);
    // More is asked for than could ever be there: some debits must be refused, whatever the order.
    expect(total(debits)).toBeGreaterThan(initial + total(credits));
    maxRacing = 0;

    // A refused posting rolls back to its savepoint, which lets go of the wallet's lock before we can read the
    // balance it judged: credits may land in between. Any that can have landed were started before our read and not
    // yet committed when the debit began, so their sum bounds how far the read can be above what was judged.
    const refusals: { amount: number; balanceSeen: number; mayHaveLanded: number }[] = [];
    const credited = { started: 0, committed: 0 };
    const results = await Promise.allSettled(
      operations.map(async (operation) => {
        const result = await ownTransaction(async (tx) => {
          if (operation.credit) credited.started += operation.amount;
          const committedBefore = credited.committed;
          const legs = (operation.credit ? creditLegs : debitLegs)(merchant.NGN, operation.amount);
          try {
            return await postTransfer(tx, {
              idempotencyKey: operation.key,
              kind: 'PAYMENT',
              description: 'race',
              legs,
            });
          } catch (error) {
            if (isOverdraft(error)) {
              const [row] = await tx
                .select({ balance: wallets.balance })
                .from(wallets)
                .where(eq(wallets.id, merchant.NGN));
              refusals.push({
                amount: operation.amount,
                balanceSeen: row?.balance ?? -1,
                mayHaveLanded: credited.started - committedBefore,
              });
            }
            throw error;
          }
        });
        if (operation.credit) credited.committed += operation.amount;
        return result;
      }),
    );

    const unexpected = results.filter(
      (result) => result.status === 'rejected' && !isOverdraft(result.reason),
    );
    expect(unexpected).toEqual([]);
    const succeeded = operations.filter((_, index) => results[index]?.status === 'fulfilled');
    const refused = operations.filter((_, index) => results[index]?.status === 'rejected');
    expect(succeeded.length + refused.length).toBe(200);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((operation) => !operation.credit)).toBe(true);
    expect(refusals).toHaveLength(refused.length);
    for (const refusal of refusals) {
      expect(refusal.balanceSeen - refusal.mayHaveLanded).toBeLessThan(refusal.amount);
    }

    const expected =
      initial + total(succeeded.filter((op) => op.credit)) - total(succeeded.filter((op) => !op.credit));
    expect(await walletBalance(ctx.app, merchant.NGN)).toBe(expected);
    const entrySum = await countRows(
      ctx.app,
      sql`select coalesce(sum(amount), 0) as n from ledger_entries where wallet_id = ${merchant.NGN}`,
    );
    expect(entrySum).toBe(expected);
    const posted = await dbOf(ctx.app)
      .select({ key: ledgerPostings.idempotencyKey })
      .from(ledgerPostings)
      .where(like(ledgerPostings.idempotencyKey, `race:${merchant.NGN}:%`));
    expect(posted.map((row) => row.key).sort()).toEqual(succeeded.map((op) => op.key).sort());
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
    if (onPostgres()) expect(maxRacing).toBeGreaterThan(1);
  });

  it('moves money both ways between two wallets at once without deadlocks', async () => {
    const [first, second] = [await insertTestMerchant(ctx.app), await insertTestMerchant(ctx.app)];
    await fundWallet(ctx.app, first.USD, 20_000, 'USD');
    await fundWallet(ctx.app, second.USD, 20_000, 'USD');
    const transfer = (from: string, to: string, amount: number): TransferLeg[] => [
      { account: { walletId: from }, currency: 'USD', amount: -amount },
      { account: { walletId: to }, currency: 'USD', amount },
    ];
    maxRacing = 0;

    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        ownTransaction((tx) =>
          postTransfer(tx, {
            idempotencyKey: `both-ways:${randomUUID()}`,
            kind: 'PAYMENT',
            description: 'both ways',
            legs:
              index % 2 === 0 ? transfer(first.USD, second.USD, 700) : transfer(second.USD, first.USD, 300),
          }),
        ),
      ),
    );

    // A deadlock would surface here as a database error; only overdrafts may be refused.
    expect(results.filter((result) => result.status === 'rejected' && !isOverdraft(result.reason))).toEqual(
      [],
    );
    const balances = (await walletBalance(ctx.app, first.USD)) + (await walletBalance(ctx.app, second.USD));
    expect(balances).toBe(40_000);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
    if (onPostgres()) expect(maxRacing).toBeGreaterThan(1);
  });

  it('posts once for the same idempotency key sent 20 times at once, and every call gets that posting', async () => {
    const merchant = await insertTestMerchant(ctx.app);
    await fundWallet(ctx.app, merchant.NGN, 10_000);
    const key = `same-key:${randomUUID()}`;
    maxRacing = 0;

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ownTransaction((tx) =>
          postTransfer(tx, {
            idempotencyKey: key,
            kind: 'PAYOUT',
            description: 'one payout',
            legs: debitLegs(merchant.NGN, 2_500),
          }),
        ),
      ),
    );

    expect(new Set(results.map((result) => result.postingId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(
      await countRows(ctx.app, sql`select count(*) as n from ledger_postings where idempotency_key = ${key}`),
    ).toBe(1);
    expect(await walletBalance(ctx.app, merchant.NGN)).toBe(7_500);
    if (onPostgres()) expect(maxRacing).toBeGreaterThan(1);
  });

  it('keeps transaction rows only for the recorded debits the balance could cover', async () => {
    const merchant = await insertTestMerchant(ctx.app);
    await fundWallet(ctx.app, merchant.NGN, 100_000);
    maxRacing = 0;

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        ownTransaction((tx) =>
          recordTransaction(tx, {
            userId: merchant.userId,
            walletId: merchant.NGN,
            type: 'DEBIT',
            status: 'SUCCESSFUL',
            amount: 7_000,
            currency: 'NGN',
            description: `Payout ${index}`,
            channel: 'PAYOUT',
            counterparty: 'PAYOUTS_IN_TRANSIT',
          }),
        ),
      ),
    );

    expect(results.filter((result) => result.status === 'rejected' && !isOverdraft(result.reason))).toEqual(
      [],
    );
    const recorded = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : []));
    // 100,000 covers fourteen debits of 7,000 whatever order they arrive in.
    expect(recorded).toHaveLength(14);
    const rows = await dbOf(ctx.app)
      .select({
        id: transactions.id,
        status: transactions.transactionStatus,
        postingId: transactions.postingId,
      })
      .from(transactions)
      .where(eq(transactions.walletId, merchant.NGN));
    expect(rows.map((row) => row.id).sort()).toEqual([...recorded].sort());
    expect(rows.every((row) => row.status === 'SUCCESSFUL' && row.postingId !== null)).toBe(true);
    expect(await walletBalance(ctx.app, merchant.NGN)).toBe(2_000);
    const counted = await countRows(
      ctx.app,
      sql`select count as n from transaction_counters where wallet_id = ${merchant.NGN}
            and transaction_type = 'DEBIT' and transaction_status = 'SUCCESSFUL'`,
    );
    expect(counted).toBe(14);
    const report = await verifyLedger(dbOf(ctx.app));
    expect(report.checks.filter((check) => check.violations > 0)).toEqual([]);
    if (onPostgres()) expect(maxRacing).toBeGreaterThan(1);
  });

  it('settles a pending transaction once and reverses it once when both are asked for ten times at once', async () => {
    const merchant = await insertTestMerchant(ctx.app);
    const pending = await ownTransaction((tx) =>
      recordTransaction(tx, {
        userId: merchant.userId,
        walletId: merchant.NGN,
        type: 'CREDIT',
        status: 'CREATED',
        amount: 5_000,
        currency: 'NGN',
        description: 'Card payment',
        channel: 'CARD',
        counterparty: 'CUSTOMER_FUNDS',
      }),
    );
    const tenTimes = <T>(work: (tx: Tx) => Promise<T>) =>
      Promise.all(Array.from({ length: 10 }, () => ownTransaction(work)));

    const settled = await tenTimes((tx) => settleTransaction(tx, pending.id, 'SUCCESSFUL', 'CUSTOMER_FUNDS'));
    expect(new Set(settled.map((row) => `${row.transactionStatus}:${row.postingId}`)).size).toBe(1);
    expect(await walletBalance(ctx.app, merchant.NGN)).toBe(5_000);

    const reversed = await tenTimes((tx) => reverseTransaction(tx, pending.id, 'Refund'));
    expect(new Set(reversed.map((row) => row.id)).size).toBe(1);
    const children = await dbOf(ctx.app)
      .select({ id: transactions.id, type: transactions.transactionType })
      .from(transactions)
      .where(eq(transactions.parentTransactionId, pending.id));
    expect(children).toEqual([{ id: reversed[0]?.id, type: 'DEBIT' }]);
    expect(await walletBalance(ctx.app, merchant.NGN)).toBe(0);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });
});
