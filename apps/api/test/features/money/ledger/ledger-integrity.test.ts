import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransfer, reversePosting } from '../../../../src/features/money/ledger/ledger.service.ts';
import { type LedgerReport, verifyLedger } from '../../../../src/features/money/ledger/ledger.verify.ts';
import {
  recordTransaction,
  settleTransaction,
} from '../../../../src/features/money/transactions/transactions.service.ts';
import { createPayout } from '../../../../src/features/payouts/payouts.service.ts';
import { insertProduct } from '../../../../src/features/products/products.repository.ts';
import { createRefund } from '../../../../src/features/refunds/refunds.service.ts';
import {
  buildTestApp,
  countRows,
  dbOf,
  fundWallet,
  insertTestMerchant,
  inTx,
  type MerchantWallets,
  sqlRows,
  type TestContext,
} from '../../../helper.ts';
import { testAuditOf } from '../../audit/audit-fixtures.ts';
import { pay } from '../../checkout/checkout-fixtures.ts';
import { reportNetworkDispute } from '../../disputes/dispute-fixtures.ts';
import { settlementAccount } from '../../payouts/payout-fixtures.ts';

/** Every message along an error's cause chain: drivers wrap the database's own message. */
function messages(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) parts.push(current.message);
  return parts.join(' <- ');
}

const failedChecks = (report: LedgerReport) =>
  report.checks.filter((check) => check.violations > 0).map((check) => check.name);

describe('ledger integrity', () => {
  let ctx: TestContext;
  let a: MerchantWallets;
  let b: MerchantWallets;
  const ledgerSize = async () => ({
    postings: await countRows(ctx.app, sql`select count(*) as n from ledger_postings`),
    entries: await countRows(ctx.app, sql`select count(*) as n from ledger_entries`),
  });

  beforeAll(async () => {
    ctx = await buildTestApp();
    a = await insertTestMerchant(ctx.app);
    b = await insertTestMerchant(ctx.app);
    await fundWallet(ctx.app, a.NGN, 100_000);
    await fundWallet(ctx.app, a.USD, 5_000, 'USD');
    const transfer = await inTx(ctx.app, (tx) =>
      postTransfer(tx, {
        idempotencyKey: `w2w:${randomUUID()}`,
        kind: 'PAYMENT',
        description: 'wallet to wallet',
        legs: [
          { account: { walletId: a.NGN }, currency: 'NGN', amount: -30_000 },
          { account: { walletId: b.NGN }, currency: 'NGN', amount: 30_000 },
        ],
      }),
    );
    await inTx(ctx.app, (tx) => reversePosting(tx, transfer.postingId, 'undo'));
    // A payout on its way: its money sits in transit, which the payouts check looks at.
    await dbOf(ctx.app).execute(sql`update users set status = 'ACTIVE' where id = ${a.userId}::uuid`);
    await createPayout(
      ctx.app.deps,
      {
        ownerId: a.userId,
        actingUserId: a.userId,
        via: 'api_key',
        personId: null,
        role: null,
        apiKeyPrefix: null,
      },
      { walletId: a.NGN, bankAccountId: await settlementAccount(ctx.app, a.userId), amount: 10_000 },
      testAuditOf(a.userId),
    );
    const common = { userId: a.userId, walletId: a.NGN, currency: 'NGN', channel: 'PAYOUT' } as const;
    await inTx(ctx.app, (tx) =>
      recordTransaction(tx, {
        ...common,
        type: 'DEBIT',
        status: 'SUCCESSFUL',
        amount: 7_500,
        description: 'Payout to bank',
        counterparty: 'PAYOUTS_IN_TRANSIT',
      }),
    );
    const pending = await inTx(ctx.app, (tx) =>
      recordTransaction(tx, {
        ...common,
        type: 'CREDIT',
        status: 'CREATED',
        amount: 2_000,
        description: 'Card payment',
        channel: 'CARD',
        counterparty: 'CUSTOMER_FUNDS',
      }),
    );
    await inTx(ctx.app, (tx) => settleTransaction(tx, pending.id, 'SUCCESSFUL', 'CUSTOMER_FUNDS'));
    // A card payment to b and a refund of part of it on its way: its money sits in REFUNDS_IN_TRANSIT.
    const product = await insertProduct(dbOf(ctx.app), {
      userId: b.userId,
      productName: 'Suya platter',
      amount: 500_000,
      currency: 'NGN',
      quantityAvailable: 10,
    });
    const payment = await pay(ctx.app, product.id);
    const [paid] = await sqlRows<{ transaction_id: string }>(
      ctx.app,
      sql`select transaction_id from checkout_payments where id = ${payment.paymentId}`,
    );
    await createRefund(
      ctx.app.deps,
      {
        ownerId: b.userId,
        actingUserId: b.userId,
        via: 'api_key',
        personId: null,
        role: null,
        apiKeyPrefix: null,
      },
      {
        transactionId: paid?.transaction_id ?? '',
        amount: 1_000,
        reason: 'other',
        merchantNote: null,
        customerNote: null,
        restock: false,
      },
      testAuditOf(b.userId),
    );
    // The card network disputes the rest of it: held in DISPUTES_HELD (paid minus the refund).
    await reportNetworkDispute(ctx.app, payment.paymentId, 500_000);
  });
  afterAll(() => ctx.close());

  describe('ledger tables are append-only', () => {
    // Row triggers fire before foreign keys are checked, so even DELETE of referenced postings meets the trigger.
    const tamperings: [string, SQL][] = [
      ['UPDATE ledger_entries', sql`update ledger_entries set amount = amount * 2`],
      ['DELETE FROM ledger_entries', sql`delete from ledger_entries`],
      ['TRUNCATE ledger_entries', sql`truncate ledger_entries`],
      ['UPDATE ledger_postings', sql`update ledger_postings set description = 'rewritten'`],
      ['DELETE FROM ledger_postings', sql`delete from ledger_postings`],
      ['TRUNCATE ledger_postings CASCADE', sql`truncate ledger_postings cascade`],
    ];
    it.each(tamperings)('the database refuses %s', async (_name, statement) => {
      const sizeBefore = await ledgerSize();

      const error = await dbOf(ctx.app)
        .execute(statement)
        .catch((caught: unknown) => caught);

      expect(messages(error)).toMatch(/ledger is append-only/);
      expect(await ledgerSize()).toEqual(sizeBefore);
    });
  });

  describe('verifyLedger', () => {
    it('passes on a ledger built by postings, reversals and recorded and settled transactions', async () => {
      const report = await verifyLedger(dbOf(ctx.app));

      expect(failedChecks(report)).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.checks.map((check) => check.checked).every((checked) => checked > 0)).toBe(true);
    });

    it('reports a wallet balance changed behind the ledger', async () => {
      await dbOf(ctx.app).execute(sql`update wallets set balance = balance + 1 where id = ${b.NGN}`);
      try {
        const report = await verifyLedger(dbOf(ctx.app));

        expect(report.ok).toBe(false);
        expect(failedChecks(report)).toEqual(['every wallet balance equals the sum of its entries']);
        const [check] = report.checks.filter((candidate) => candidate.violations > 0);
        expect(check?.violations).toBe(1);
        expect(check?.examples[0]).toContain(b.NGN);
      } finally {
        // b's wallet is below zero through its dispute hold: putting it back is let through as that hold would be.
        await dbOf(ctx.app).transaction(async (tx) => {
          await tx.execute(sql`select set_config('bizdash.dispute_hold', ${b.NGN}, true)`);
          await tx.execute(sql`update wallets set balance = balance - 1 where id = ${b.NGN}`);
        });
      }
      expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
    });

    // Inserts are what the ledger allows, so these tamperings run in a transaction that is rolled back.
    const posting = sql`insert into ledger_postings (id, idempotency_key, request_hash, kind, description)
      values ('00000000-0000-4000-8000-00000000000a', 'tampered', 'x', 'ADJUSTMENT', 'tampered')`;
    const entry = (account: SQL, currency: string, amount: number) =>
      sql`insert into ledger_entries (posting_id, wallet_id, system_account_id, currency, amount)
        values ('00000000-0000-4000-8000-00000000000a', ${account}, ${currency}, ${amount})`;
    const system = (code: string, currency: string) =>
      sql`null, (select id from system_accounts where code = ${code} and currency = ${currency})`;
    const cases: [string, () => SQL[], string[]][] = [
      ['a posting without entries', () => [posting], ['every posting has entries']],
      [
        'a posting that does not balance',
        () => [posting, entry(system('FEES_EARNED', 'NGN'), 'NGN', 5)],
        ['every posting balances per currency'],
      ],
      [
        "an entry in another currency than its wallet's",
        () => [
          posting,
          entry(sql`${a.NGN}, null`, 'USD', 5),
          entry(system('CUSTOMER_FUNDS', 'USD'), 'USD', -5),
          sql`update wallets set balance = balance + 5 where id = ${a.NGN}`,
        ],
        ["every entry is in its account's currency"],
      ],
      [
        'a posted transaction whose amount was edited',
        () => [
          sql`update transactions set transaction_amount = transaction_amount + 1 where posting_id is not null`,
        ],
        ['each posted transaction moved its wallet by its amount'],
      ],
      [
        'refunds edited to more than their payment',
        () => [sql`update refunds set amount = amount + 100000000`],
        [
          "a payment's refunds never add up to more than the customer paid",
          'refunds in transit add up to the REFUNDS_IN_TRANSIT account',
          "a payment's refunds and disputes never add up to more than the customer paid",
        ],
      ],
      [
        'a dispute marked WON without its money back in the wallet',
        () => [sql`update disputes set status = 'WON'`],
        [
          // b's wallet went below zero through the hold (ADR 051): a won dispute no longer explains it.
          'no wallet balance below zero but by its dispute holds',
          "every dispute's money is where its status says",
          'open disputes add up to the DISPUTES_HELD account',
        ],
      ],
      [
        'a wallet below zero beyond what its disputes hold',
        () => [
          posting,
          entry(sql`${a.NGN}, null`, 'NGN', -100_000_000),
          entry(system('CUSTOMER_FUNDS', 'NGN'), 'NGN', 100_000_000),
          // As a faulty dispute hold would (the database lets only a dispute's statement overdraw: ADR 053).
          sql`select set_config('bizdash.dispute_hold', ${a.NGN}, true)`,
          sql`update wallets set balance = balance - 100000000 where id = ${a.NGN}`,
        ],
        ['no wallet balance below zero but by its dispute holds'],
      ],
      [
        'a refund marked SUCCEEDED without its money leaving transit',
        () => [sql`update refunds set status = 'SUCCEEDED'`],
        [
          "every refund's money is where its status says",
          'refunds in transit add up to the REFUNDS_IN_TRANSIT account',
        ],
      ],
    ];
    it.each(cases)('reports %s', async (_name, statements, expected) => {
      let report: LedgerReport | undefined;
      const rollback = new Error('rollback');
      await expect(
        inTx(ctx.app, async (tx) => {
          for (const statement of statements()) await tx.execute(statement);
          report = await verifyLedger(tx);
          throw rollback;
        }),
      ).rejects.toBe(rollback);

      expect(report?.ok).toBe(false);
      expect(report ? failedChecks(report) : []).toEqual(expected);
      expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
    });
  });

  describe('recordTransaction', () => {
    // A row whose wallet is someone else's, or in another currency, breaks owner scoping and the counters
    // (a currency filter counts by the wallet's currency but lists by the row's).
    it.each([
      [
        "another user's wallet",
        () => ({ walletId: b.NGN, currency: 'NGN' as const, status: 'SUCCESSFUL' as const }),
      ],
      [
        "a currency other than the wallet's",
        () => ({ walletId: a.NGN, currency: 'USD' as const, status: 'CREATED' as const }),
      ],
    ])('refuses %s and writes nothing', async (_name, mismatch) => {
      const rowsBefore = await countRows(ctx.app, sql`select count(*) as n from transactions`);
      const sizeBefore = await ledgerSize();

      await expect(
        inTx(ctx.app, (tx) =>
          recordTransaction(tx, {
            userId: a.userId,
            type: 'CREDIT',
            amount: 1_000,
            description: 'Mismatched',
            channel: 'CARD',
            counterparty: 'CUSTOMER_FUNDS',
            ...mismatch(),
          }),
        ),
      ).rejects.toThrow();

      expect(await countRows(ctx.app, sql`select count(*) as n from transactions`)).toBe(rowsBefore);
      expect(await ledgerSize()).toEqual(sizeBefore);
    });
  });
});
