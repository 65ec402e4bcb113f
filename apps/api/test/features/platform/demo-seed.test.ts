import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccountsOfUser } from '../../../src/features/banks/index.ts';
import { failAbandonedPayments } from '../../../src/features/checkout/checkout.service.ts';
import { createCheckoutContext } from '../../../src/features/checkout/checkout-context.ts';
import { verifyLedger } from '../../../src/features/money/index.ts';
import { seedDemoMoneyOut } from '../../../src/seed/demo-money-out.ts';
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
    await seedDemoMoneyOut(ctx.app, userId);
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

  it('pays out through the product: settled payouts to its accounts, one returned by a closed account', async () => {
    const rows = await sqlRows<{
      status: string;
      currency: string;
      failure_reason: string | null;
      account_status: string;
      account_currency: string;
      after_added: boolean;
      debit_status: string;
      fee_reversed: boolean;
    }>(
      ctx.app,
      sql`select p.status, p.currency, p.failure_reason, b.status as account_status, b.currency as account_currency,
            p.created_at > b.created_at as after_added, t.transaction_status as debit_status,
            exists (select 1 from transactions r where r.parent_transaction_id = p.fee_transaction_id) as fee_reversed
          from payouts p join bank_accounts b on b.id = p.bank_account_id join transactions t on t.id = p.transaction_id
          where p.user_id = ${userId} order by p.created_at`,
    );
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Account closed',
      account_status: 'DEACTIVATED',
      debit_status: 'FAILED',
      fee_reversed: true,
    });
    for (const row of rows.slice(1)) {
      expect(row).toMatchObject({
        status: 'SUCCESSFUL',
        debit_status: 'SUCCESSFUL',
        account_status: 'ACTIVE',
      });
    }
    for (const row of rows) {
      expect(row.account_currency).toBe(row.currency);
      expect(row.after_added).toBe(true);
    }
    expect(rows.filter((row) => row.currency === 'USD')).toHaveLength(1);
    // History, like the seeded sales: nothing waits to be announced as if it had just happened.
    expect(
      await countOf(sql`select count(*)::int as n from outbox_events where event_type like 'payout.%'`),
    ).toBe(0);
    expect(await countOf(sql`select count(*)::int as n from wallets where balance < 0`)).toBe(0);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });

  it('is a merchant that has done KYC, as one paid out for months has', async () => {
    expect(
      await countOf(sql`select count(*)::int as n from users where id = ${userId} and status = 'ACTIVE'`),
    ).toBe(1);
  });

  it('has Naira and Dollar settlement accounts, added as the product adds them (numbers sealed)', async () => {
    const accounts = await bankAccountsOfUser(dbOf(ctx.app), userId);
    expect(accounts.map((account) => [account.currencyCode, account.bankName, account.status])).toEqual(
      expect.arrayContaining([
        ['NGN', 'Guaranty Trust Bank', 'ACTIVE'],
        ['USD', 'First Platypus Bank', 'ACTIVE'],
        ['NGN', 'Access Bank', 'DEACTIVATED'],
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
