import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LedgerRuleError,
  postTransfer,
  reversePosting,
} from '../../../../src/features/money/ledger/ledger.service.ts';
import type { TransferLeg, TransferRequest } from '../../../../src/features/money/ledger/ledger.types.ts';
import { AppError } from '../../../../src/lib/errors.ts';
import {
  buildTestApp,
  countRows,
  creditLegs,
  debitLegs,
  fundWallet,
  insertTestMerchant,
  inTx,
  type MerchantWallets,
  sqlRows,
  type TestContext,
  walletBalance,
} from '../../../helper.ts';

describe('ledger: postTransfer and reversePosting', () => {
  let ctx: TestContext;
  let a: MerchantWallets;
  let b: MerchantWallets;
  const post = (request: Omit<TransferRequest, 'kind' | 'description'> & Partial<TransferRequest>) =>
    inTx(ctx.app, (tx) => postTransfer(tx, { kind: 'PAYMENT', description: 'test movement', ...request }));
  const wallToWall = (from: string, to: string, amount: number): TransferLeg[] => [
    { account: { walletId: from }, currency: 'NGN', amount: -amount },
    { account: { walletId: to }, currency: 'NGN', amount },
  ];
  const ledgerSize = async () => ({
    postings: await countRows(ctx.app, sql`select count(*) as n from ledger_postings`),
    entries: await countRows(ctx.app, sql`select count(*) as n from ledger_entries`),
  });
  const balances = async () => ({
    a: await walletBalance(ctx.app, a.NGN),
    b: await walletBalance(ctx.app, b.NGN),
  });

  beforeAll(async () => {
    ctx = await buildTestApp();
    a = await insertTestMerchant(ctx.app);
    b = await insertTestMerchant(ctx.app);
    await fundWallet(ctx.app, a.NGN, 1_000_000);
  });
  afterAll(() => ctx.close());

  describe('postTransfer', () => {
    it('moves both wallet balances and writes one entry per leg for a balanced posting', async () => {
      const before = await balances();
      const key = `w2w:${randomUUID()}`;
      const result = await post({ idempotencyKey: key, legs: wallToWall(a.NGN, b.NGN, 25_050) });

      expect(result.replayed).toBe(false);
      expect(await balances()).toEqual({ a: before.a - 25_050, b: before.b + 25_050 });
      const posting = await sqlRows<{ idempotency_key: string; kind: string }>(
        ctx.app,
        sql`select idempotency_key, kind from ledger_postings where id = ${result.postingId}`,
      );
      expect(posting).toEqual([{ idempotency_key: key, kind: 'PAYMENT' }]);
      const entries = await sqlRows<{ wallet_id: string; amount: string | number }>(
        ctx.app,
        sql`select wallet_id, amount from ledger_entries where posting_id = ${result.postingId} order by amount`,
      );
      expect(entries.map((entry) => [entry.wallet_id, Number(entry.amount)])).toEqual([
        [a.NGN, -25_050],
        [b.NGN, 25_050],
      ]);
    });

    const brokenPostings: [string, () => TransferLeg[]][] = [
      [
        'an unbalanced posting',
        () => [...creditLegs(a.NGN, 500).slice(0, 1), ...debitLegs(b.NGN, 400).slice(1)],
      ],
      ['a single leg', () => creditLegs(a.NGN, 500).slice(0, 1)],
      ['a zero amount', () => [...creditLegs(a.NGN, 0)]],
      ['a fractional amount', () => creditLegs(a.NGN, 10.5)],
      [
        'legs that balance only across currencies',
        () => [
          { account: { walletId: a.NGN }, currency: 'NGN', amount: 700 },
          { account: { system: 'FX' }, currency: 'USD', amount: -700 },
        ],
      ],
    ];
    it.each(brokenPostings)('refuses %s with LedgerRuleError and writes nothing', async (_name, legs) => {
      const [sizeBefore, before] = [await ledgerSize(), await balances()];
      const key = `broken:${randomUUID()}`;

      await expect(post({ idempotencyKey: key, legs: legs() })).rejects.toBeInstanceOf(LedgerRuleError);

      expect(await ledgerSize()).toEqual(sizeBefore);
      expect(await balances()).toEqual(before);
    });

    it('fails the whole posting with 409 INSUFFICIENT_FUNDS on a debit beyond the balance, writing nothing', async () => {
      const [sizeBefore, before] = [await ledgerSize(), await balances()];
      const key = `overdraft:${randomUUID()}`;
      // B is credited by the same posting (and listed first): the refused debit of A must take B's credit with it.
      const legs = [...creditLegs(b.NGN, 300), ...debitLegs(a.NGN, before.a + 1)];

      const error = await post({ idempotencyKey: key, legs }).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_FUNDS' });
      expect(await balances()).toEqual(before);
      expect(await ledgerSize()).toEqual(sizeBefore);
      expect(
        await countRows(
          ctx.app,
          sql`select count(*) as n from ledger_postings where idempotency_key = ${key}`,
        ),
      ).toBe(0);
    });

    it('leaves the key of a refused posting free, so a retry once funded goes through', async () => {
      const fresh = await insertTestMerchant(ctx.app);
      const key = `retry:${randomUUID()}`;
      await expect(post({ idempotencyKey: key, legs: debitLegs(fresh.NGN, 900) })).rejects.toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
      });
      await fundWallet(ctx.app, fresh.NGN, 1_000);

      const retry = await post({ idempotencyKey: key, legs: debitLegs(fresh.NGN, 900) });

      expect(retry.replayed).toBe(false);
      expect(await walletBalance(ctx.app, fresh.NGN)).toBe(100);
    });

    it('leaves no posting behind when the caller catches a refusal and commits', async () => {
      const fresh = await insertTestMerchant(ctx.app);
      const key = `carried-on:${randomUUID()}`;
      const payout = { idempotencyKey: key, kind: 'PAYOUT' as const, description: 'payout' };
      // A caller may record the refusal (a FAILED payout, say) in the same transaction and commit it.
      await inTx(ctx.app, async (tx) => {
        const refused = await postTransfer(tx, { ...payout, legs: debitLegs(fresh.NGN, 500) }).catch(
          (e) => e,
        );
        expect(refused).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      });

      const orphans = await countRows(
        ctx.app,
        sql`select count(*) as n from ledger_postings where idempotency_key = ${key}`,
      );
      expect(orphans).toBe(0);
      await fundWallet(ctx.app, fresh.NGN, 1_000);
      const retry = await post({ ...payout, legs: debitLegs(fresh.NGN, 500) });
      expect(retry.replayed).toBe(false);
      expect(await walletBalance(ctx.app, fresh.NGN)).toBe(500);
    });

    it('replays the same idempotency key: same postingId, replayed, money moved once', async () => {
      const before = await balances();
      const key = `replay:${randomUUID()}`;
      const first = await post({ idempotencyKey: key, legs: wallToWall(a.NGN, b.NGN, 1_234) });
      const second = await post({ idempotencyKey: key, legs: wallToWall(a.NGN, b.NGN, 1_234) });

      expect(first.replayed).toBe(false);
      expect(second).toEqual({ postingId: first.postingId, replayed: true });
      expect(await balances()).toEqual({ a: before.a - 1_234, b: before.b + 1_234 });
      expect(
        await countRows(
          ctx.app,
          sql`select count(*) as n from ledger_postings where idempotency_key = ${key}`,
        ),
      ).toBe(1);
    });

    it('answers the same key with different legs with 409 IDEMPOTENCY_MISMATCH and moves nothing', async () => {
      const key = `mismatch:${randomUUID()}`;
      await post({ idempotencyKey: key, legs: wallToWall(a.NGN, b.NGN, 1_000) });
      const [sizeBefore, before] = [await ledgerSize(), await balances()];

      await expect(
        post({ idempotencyKey: key, legs: wallToWall(a.NGN, b.NGN, 2_000) }),
      ).rejects.toMatchObject({
        statusCode: 409,
        code: 'IDEMPOTENCY_MISMATCH',
      });
      await expect(
        post({ idempotencyKey: key, legs: wallToWall(b.NGN, a.NGN, 1_000) }),
      ).rejects.toMatchObject({
        code: 'IDEMPOTENCY_MISMATCH',
      });

      expect(await balances()).toEqual(before);
      expect(await ledgerSize()).toEqual(sizeBefore);
    });
  });

  describe('reversePosting', () => {
    it('restores the balances with a mirror posting that names the original', async () => {
      const before = await balances();
      const original = await post({
        idempotencyKey: `rev:${randomUUID()}`,
        legs: wallToWall(a.NGN, b.NGN, 4_400),
      });

      const reversal = await inTx(ctx.app, (tx) => reversePosting(tx, original.postingId, 'customer refund'));

      expect(reversal.replayed).toBe(false);
      expect(await balances()).toEqual(before);
      const rows = await sqlRows<{ kind: string; reverses_posting_id: string; description: string }>(
        ctx.app,
        sql`select kind, reverses_posting_id, description from ledger_postings where id = ${reversal.postingId}`,
      );
      expect(rows).toEqual([
        { kind: 'REVERSAL', reverses_posting_id: original.postingId, description: 'customer refund' },
      ]);
      const mirrored = await countRows(
        ctx.app,
        sql`select count(*) as n from ledger_entries r join ledger_entries o
              on o.posting_id = ${original.postingId} and o.wallet_id = r.wallet_id and o.amount = -r.amount
            where r.posting_id = ${reversal.postingId}`,
      );
      expect(mirrored).toBe(2);
    });

    it('reverses a posting once: a second call replays the first reversal and moves nothing', async () => {
      const original = await post({
        idempotencyKey: `rev2:${randomUUID()}`,
        legs: wallToWall(a.NGN, b.NGN, 800),
      });
      const first = await inTx(ctx.app, (tx) => reversePosting(tx, original.postingId, 'refund'));
      const afterFirst = await balances();

      const second = await inTx(ctx.app, (tx) => reversePosting(tx, original.postingId, 'refund again'));

      expect(second).toEqual({ postingId: first.postingId, replayed: true });
      expect(await balances()).toEqual(afterFirst);
      expect(
        await countRows(
          ctx.app,
          sql`select count(*) as n from ledger_postings where reverses_posting_id = ${original.postingId}`,
        ),
      ).toBe(1);
    });

    it('refuses to reverse a credit the wallet has already spent', async () => {
      const fresh = await insertTestMerchant(ctx.app);
      const credit = await fundWallet(ctx.app, fresh.NGN, 5_000);
      await post({ idempotencyKey: `spend:${randomUUID()}`, legs: debitLegs(fresh.NGN, 4_000) });

      await expect(inTx(ctx.app, (tx) => reversePosting(tx, credit, 'chargeback'))).rejects.toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
      });
      expect(await walletBalance(ctx.app, fresh.NGN)).toBe(1_000);
    });
  });

  describe('wallet status', () => {
    const setStatus = (walletId: string, status: string) =>
      sqlRows(ctx.app, sql`update wallets set status = ${status} where id = ${walletId}`);
    const feeLegs = (walletId: string, amount: number): TransferLeg[] => [
      { account: { walletId }, currency: 'NGN', amount: -amount },
      { account: { system: 'FEES_EARNED' }, currency: 'NGN', amount },
    ];

    it('lets a spend-locked wallet receive money and pay the fee on it, but not spend', async () => {
      const locked = await insertTestMerchant(ctx.app);
      await setStatus(locked.NGN, 'SPENDLOCK');
      await post({ idempotencyKey: `in:${randomUUID()}`, legs: creditLegs(locked.NGN, 10_000) });
      await post({ idempotencyKey: `fee:${randomUUID()}`, kind: 'FEE', legs: feeLegs(locked.NGN, 250) });

      await expect(
        post({ idempotencyKey: `out:${randomUUID()}`, kind: 'PAYOUT', legs: debitLegs(locked.NGN, 1_000) }),
      ).rejects.toMatchObject({ statusCode: 409, code: 'WALLET_NOT_AVAILABLE' });
      expect(await walletBalance(ctx.app, locked.NGN)).toBe(9_750);
    });

    it('refuses any movement of a deactivated wallet', async () => {
      const closed = await insertTestMerchant(ctx.app);
      await setStatus(closed.NGN, 'DEACTIVATED');

      await expect(
        post({ idempotencyKey: `in:${randomUUID()}`, legs: creditLegs(closed.NGN, 10_000) }),
      ).rejects.toMatchObject({ code: 'WALLET_NOT_AVAILABLE' });
      expect(await walletBalance(ctx.app, closed.NGN)).toBe(0);
    });
  });
});
