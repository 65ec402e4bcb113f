import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccountsOfUser, seedDemoSettlementAccounts } from '../../../src/features/banks/index.ts';
import { failAbandonedPayments } from '../../../src/features/checkout/checkout.service.ts';
import { createCheckoutContext } from '../../../src/features/checkout/checkout-context.ts';
import { seedPendingPayments } from '../../../src/seed/demo-payments.ts';
import { seedDemoProducts } from '../../../src/seed/demo-products.ts';
import { seedMerchant } from '../../../src/seed/seed-merchant.ts';
import { buildTestApp, dbOf, sqlRows, type TestContext } from '../../helper.ts';

/** The demo must follow the product's own rules, or it teaches people the wrong thing. */
describe('the demo seed', () => {
  let ctx: TestContext;
  let userId: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    ({ userId } = await seedMerchant(dbOf(ctx.app), {
      email: 'demo-seed@bizdash.local',
      password: 'Demo!Bizdash2026',
      firstName: 'Adaeze',
      lastName: 'Okafor',
      businessName: 'Adaeze Fabrics & Co',
      transactions: 200,
      days: 90,
      seed: 42,
    }));
    const [productId] = await seedDemoProducts(dbOf(ctx.app), userId);
    await seedPendingPayments(dbOf(ctx.app), productId ?? '', ctx.app.deps.config.checkout.feeSchedule);
    await seedDemoSettlementAccounts(ctx.app.deps, userId);
  });
  afterAll(() => ctx.close());

  const countOf = async (query: ReturnType<typeof sql>) =>
    Number((await sqlRows<{ n: number }>(ctx.app, query))[0]?.n ?? 0);

  it('has pending payments only as real checkout payments, which fail once their window has passed', async () => {
    const pendingWithoutPayment = sql`select count(*)::int as n from transactions t
      where t.user_id = ${userId} and t.transaction_status in ('CREATED', 'OTP_VERIFIED')
        and not exists (select 1 from checkout_payments p where p.transaction_id = t.id)`;
    const pending = sql`select count(*)::int as n from transactions
      where user_id = ${userId} and transaction_status in ('CREATED', 'OTP_VERIFIED')`;
    expect(await countOf(pendingWithoutPayment)).toBe(0);
    expect(await countOf(pending)).toBe(2);

    const context = createCheckoutContext(ctx.app.deps, ctx.app.log);
    const later = new Date(Date.now() + (context.abandonAfterMinutes + 1) * 60_000);
    expect(await failAbandonedPayments(context, later)).toBe(2);

    expect(await countOf(pending)).toBe(0);
  });

  it('pays nothing out: its settlement accounts are there to try payouts with', async () => {
    expect(
      await countOf(
        sql`select count(*)::int as n from transactions where user_id = ${userId} and transaction_channel = 'PAYOUT'`,
      ),
    ).toBe(0);
  });

  it('has a Naira and a Dollar settlement account, added as the product adds them (numbers sealed)', async () => {
    const accounts = await bankAccountsOfUser(dbOf(ctx.app), userId);
    expect(accounts.map((account) => [account.currencyCode, account.bankName, account.status])).toEqual(
      expect.arrayContaining([
        ['NGN', 'Guaranty Trust Bank', 'ACTIVE'],
        ['USD', 'First Platypus Bank', 'ACTIVE'],
      ]),
    );
    const rows = await sqlRows<{ id: string; account_number_sealed: string; currency: string }>(
      ctx.app,
      sql`select id, account_number_sealed, currency from bank_accounts where user_id = ${userId}`,
    );
    for (const row of rows) {
      const number = ctx.app.deps.secretBox.open(row.account_number_sealed, `bank-account:${row.id}`);
      expect(number).toMatch(row.currency === 'NGN' ? /^\d{10}$/ : /^\d{16}$/);
    }
  });

  it('names sales by what was sold', async () => {
    expect(
      await countOf(
        sql`select count(*)::int as n from transactions where user_id = ${userId} and description like 'Payment for %'`,
      ),
    ).toBe(0);
  });

  it('leaves the planner statistics of what it loaded (PGlite has no autovacuum to take them)', async () => {
    const [estimate] = await sqlRows<{ n: number }>(
      ctx.app,
      sql`select reltuples::int as n from pg_class where oid = 'transactions'::regclass`,
    );
    expect(estimate?.n).toBe(200); // the seeded history; the two payments in progress came after
    const columns = await sqlRows<{ attname: string }>(
      ctx.app,
      sql`select attname from pg_stats where schemaname = 'public' and tablename = 'transactions'`,
    );
    expect(columns.map((column) => column.attname)).toEqual(
      expect.arrayContaining(['user_id', 'transaction_status', 'impact_time']),
    );
  });
});
