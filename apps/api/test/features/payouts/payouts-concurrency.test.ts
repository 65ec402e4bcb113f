import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorAuditOf } from '../../../src/features/audit/index.ts';
import { verifyLedger } from '../../../src/features/money/ledger/ledger.verify.ts';
import { advanceDuePayouts } from '../../../src/features/payouts/payout-rail.service.ts';
import { createPayout } from '../../../src/features/payouts/payouts.service.ts';
import type { Actor } from '../../../src/types.ts';
import {
  buildTestApp,
  dbOf,
  signUpMerchant,
  sqlRows,
  type TestContext,
  testConfig,
  useTestApp,
  walletBalance,
} from '../../helper.ts';
import { RAIL_ACCOUNTS, readyApp, readyMerchant, settlementAccount } from './payout-fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BURST = onPostgres ? 200 : 40;
const AFFORDABLE = BURST / 4;
const AMOUNT = 100_000;
const TOTAL = AMOUNT + 1_000; // the NGN fee of ₦1,000.00 is ₦10.00

describe('payouts under concurrency', () => {
  const ctx = useTestApp({ databasePoolSize: 20 });

  it(`${BURST} simultaneous payouts from one wallet never overdraw it, and each is posted once`, async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant, AFFORDABLE * TOTAL);
    // An API key's payout goes at once: no confirmation step between the request and the ledger.
    const actor: Actor = {
      ownerId: merchant.userId,
      actingUserId: merchant.userId,
      via: 'api_key',
      personId: null,
      role: null,
      apiKeyPrefix: null,
    };
    const results = await Promise.allSettled(
      Array.from({ length: BURST }, () =>
        createPayout(ctx.app.deps, actor, { walletId, bankAccountId, amount: AMOUNT }, actorAuditOf(actor)),
      ),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.length - refused.length).toBe(AFFORDABLE);
    for (const result of refused)
      expect((result.reason as { code?: string }).code).toBe('INSUFFICIENT_FUNDS');
    expect(await walletBalance(ctx.app, walletId)).toBe(0);
    const payouts = await sqlRows<{ n: string | number }>(
      ctx.app,
      sql`select count(*) as n from payouts where user_id = ${merchant.userId}::uuid and status = 'PROCESSING'`,
    );
    expect(Number(payouts[0]?.n)).toBe(AFFORDABLE);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });

  it('reverses a refused payout exactly once, however many job runs race on it', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const { walletId } = await readyMerchant(ctx.app, merchant, 1_000_000);
    const bankAccountId = await settlementAccount(ctx.app, merchant.userId, {
      accountNumber: RAIL_ACCOUNTS.closed,
    });
    const actor: Actor = {
      ownerId: merchant.userId,
      actingUserId: merchant.userId,
      via: 'api_key',
      personId: null,
      role: null,
      apiKeyPrefix: null,
    };
    const payout = await createPayout(
      ctx.app.deps,
      actor,
      { walletId, bankAccountId, amount: 300_000 },
      actorAuditOf(actor),
    );
    const later = new Date(Date.now() + 60_000);
    await Promise.all(Array.from({ length: 6 }, () => advanceDuePayouts(ctx.app.deps, ctx.app.log, later)));
    await advanceDuePayouts(ctx.app.deps, ctx.app.log, later);
    const [row] = await sqlRows<{ status: string }>(
      ctx.app,
      sql`select status from payouts where id = ${payout.id}::uuid`,
    );
    expect(row?.status).toBe('FAILED');
    expect(await walletBalance(ctx.app, walletId)).toBe(1_000_000);
    const reversals = await sqlRows(
      ctx.app,
      sql`select id from ledger_postings where kind = 'REVERSAL' and description like 'Payout returned%'
          and reverses_posting_id = (select debit_posting_id from payouts where id = ${payout.id}::uuid)`,
    );
    expect(reversals).toHaveLength(1);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });
});

describe('the daily limit under concurrency', () => {
  const LIMIT_PAYOUTS = 12;
  let ctx: TestContext;
  beforeAll(async () => {
    const { payouts } = testConfig();
    ctx = await buildTestApp({
      databasePoolSize: 20,
      payouts: { ...payouts, dailyLimits: { ...payouts.dailyLimits, NGN: LIMIT_PAYOUTS * AMOUNT } },
    });
  });
  afterAll(() => ctx.close());

  it('simultaneous payouts from a merchant and its apps never pass their one daily limit together', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const own = await readyMerchant(ctx.app, merchant);
    const apps = await Promise.all([readyApp(ctx.app, merchant), readyApp(ctx.app, merchant)]);
    const sources = [
      { userId: merchant.userId, walletId: own.walletId, bankAccountId: own.bankAccountId },
      ...apps.map(({ appId, walletId, bankAccountId }) => ({ userId: appId, walletId, bankAccountId })),
    ];
    // Each wallet alone could pay out more than the whole limit.
    const results = await Promise.allSettled(
      Array.from({ length: BURST }, (_, index) => {
        const source = sources[index % sources.length];
        if (!source) throw new Error('no payout source');
        const { userId, walletId, bankAccountId } = source;
        const actor: Actor = {
          ownerId: merchant.userId,
          actingUserId: userId,
          via: 'api_key',
          personId: null,
          role: null,
          apiKeyPrefix: null,
        };
        return createPayout(
          ctx.app.deps,
          actor,
          { walletId, bankAccountId, amount: AMOUNT },
          actorAuditOf(actor),
        );
      }),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.length - refused.length).toBe(LIMIT_PAYOUTS);
    for (const result of refused) expect((result.reason as { code?: string }).code).toBe('DAILY_LIMIT');
    const [paid] = await sqlRows<{ total: string | number }>(
      ctx.app,
      sql`select coalesce(sum(amount), 0) as total from payouts where status = 'PROCESSING'
          and user_id in (select id from users where id = ${merchant.userId}::uuid or parent_user_id = ${merchant.userId}::uuid)`,
    );
    expect(Number(paid?.total)).toBe(LIMIT_PAYOUTS * AMOUNT);
    const balances = await Promise.all(sources.map((source) => walletBalance(ctx.app, source.walletId)));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(3 * 10_000_000 - LIMIT_PAYOUTS * TOTAL);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });
});
