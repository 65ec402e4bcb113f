import {
  DEFAULT_FEE_SCHEDULE,
  feeFor,
  MembershipListSchema,
  TeamInvitationListSchema,
  TeamMemberListSchema,
} from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditTrail } from '../../../src/features/audit/index.ts';
import { getBankAccounts } from '../../../src/features/banks/index.ts';
import { failAbandonedPayments } from '../../../src/features/checkout/checkout.service.ts';
import { createCheckoutContext } from '../../../src/features/checkout/checkout-context.ts';
import { verifyLedger } from '../../../src/features/money/index.ts';
import { seedDemoHistory } from '../../../src/seed/demo-history.ts';
import { DEMO_TEAM } from '../../../src/seed/demo-team-people.ts';
import { seedMerchant } from '../../../src/seed/seed-merchant.ts';
import { bearer, buildTestApp, dbOf, sqlRows, type TestContext, testConfig } from '../../helper.ts';

/** How many days (UTC dates) before today a moment was: the seed dates its team's activity by day. */
const calendarDaysAgo = (at: Date | string | null) =>
  Math.floor(Date.now() / 86_400_000) - Math.floor(new Date(at ?? 0).getTime() / 86_400_000);

const OWNER_EMAIL = 'demo-seed@bizdash.local';
const PASSWORD = 'Demo!Bizdash2026';

/** The demo must follow the product's own rules, or it teaches people the wrong thing. */
describe('the demo seed', () => {
  let ctx: TestContext;
  let userId: string;
  let seeded: number;
  let historyStart: Date;
  let securityEventsAfterSeed: number;

  beforeAll(async () => {
    // As npm run seed builds its app: the sandbox network answers refunds and disputes at its next look, and the
    // rate limits are the default ones (the team's sign-ins must never trip them).
    ctx = await buildTestApp({
      checkout: {
        ...testConfig().checkout,
        sandboxRefundSeconds: 0,
        sandboxDisputeAfterSeconds: 0,
        sandboxDisputeReviewSeconds: 0,
      },
      rateLimit: testConfig().rateLimit,
    });
    ({
      userId,
      transactions: seeded,
      historyStart,
    } = await seedMerchant(dbOf(ctx.app), {
      email: OWNER_EMAIL,
      password: PASSWORD,
      firstName: 'Adaeze',
      lastName: 'Okafor',
      businessName: 'Adaeze Fabrics & Co',
      businessDescription: 'Hand-dyed adire, Ankara and aso-oke textiles made in Lagos.',
      transactions: 200,
      feeSchedule: DEFAULT_FEE_SCHEDULE,
      days: 90,
      seed: 42,
    }));
    await seedDemoHistory(ctx.app, { userId, historyStart }, { email: OWNER_EMAIL, password: PASSWORD });
    // Before the tests' own sign-ins add theirs.
    securityEventsAfterSeed = await countOf(
      sql`select count(*)::int as n from outbox_events where event_type like 'security.%'`,
    );
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

  it('gives money back through the product: a full refund, a partial one and one the card network refused', async () => {
    const refunds = await sqlRows<{ status: string; amount: number; paid: number; debit_status: string }>(
      ctx.app,
      sql`select r.status, r.amount::int as amount, p.customer_total::int as paid, t.transaction_status as debit_status
          from refunds r join checkout_payments p on p.id = r.payment_id join transactions t on t.id = r.transaction_id
          where r.user_id = ${userId} order by r.created_at`,
    );
    expect(refunds).toEqual([
      { status: 'SUCCEEDED', amount: refunds[0]?.paid, paid: expect.any(Number), debit_status: 'SUCCESSFUL' },
      {
        status: 'SUCCEEDED',
        amount: Math.floor((refunds[1]?.paid ?? 0) / 2),
        paid: expect.any(Number),
        debit_status: 'SUCCESSFUL',
      },
      { status: 'FAILED', amount: refunds[2]?.paid, paid: expect.any(Number), debit_status: 'FAILED' },
    ]);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });

  it('has two disputes from the card network: one won with evidence, one still needing an answer', async () => {
    const disputes = await sqlRows<{ status: string; customer_email: string; evidence_submitted: boolean }>(
      ctx.app,
      sql`select d.status, p.customer_email, d.evidence_submitted_at is not null as evidence_submitted
          from disputes d join checkout_payments p on p.id = d.payment_id
          where d.user_id = ${userId} order by p.customer_email`,
    );
    expect(disputes).toEqual([
      { status: 'NEEDS_RESPONSE', customer_email: 'amaka.obi@example.com', evidence_submitted: false },
      { status: 'WON', customer_email: 'tunde.bakare@example.com', evidence_submitted: true },
    ]);
    expect(
      await countOf(sql`select count(*)::int as n from customers where user_id = ${userId}`),
    ).toBeGreaterThanOrEqual(6);
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });

  it('is a merchant that has done KYC, as one paid out for months has', async () => {
    expect(
      await countOf(sql`select count(*)::int as n from users where id = ${userId} and status = 'ACTIVE'`),
    ).toBe(1);
  });

  it('has Naira and Dollar settlement accounts, added as the product adds them (numbers sealed)', async () => {
    const accounts = await getBankAccounts(dbOf(ctx.app), userId);
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

  it('books the card fee of every successful card sale as checkout does, and no other fee', async () => {
    const sales = await sqlRows<{
      id: string;
      amount: number;
      currency: 'NGN' | 'USD';
      impact_time: Date;
      order_reference: string;
      fees: { amount: number; type: string; status: string; impact_time: string; description: string }[];
    }>(
      ctx.app,
      sql`select s.id, s.transaction_amount::int as amount, s.currency_code as currency, s.impact_time, s.order_reference,
            coalesce((select json_agg(json_build_object('amount', f.transaction_amount, 'type', f.transaction_type,
              'status', f.transaction_status, 'impact_time', f.impact_time, 'description', f.description))
              from transactions f where f.parent_transaction_id = s.id and f.transaction_channel = 'FEE'), '[]') as fees
          from transactions s
          where s.user_id = ${userId} and s.transaction_channel = 'CARD' and s.transaction_type = 'CREDIT'
            and s.transaction_status = 'SUCCESSFUL' and s.parent_transaction_id is null`,
    );
    expect(sales.length).toBeGreaterThan(50);
    for (const sale of sales) {
      expect(sale.fees).toEqual([
        {
          amount: Math.min(feeFor(DEFAULT_FEE_SCHEDULE[sale.currency], sale.amount), sale.amount),
          type: 'DEBIT',
          status: 'SUCCESSFUL',
          impact_time: expect.any(String),
          description: `Card fee: ${sale.order_reference}`,
        },
      ]);
      expect(new Date(sale.fees[0]?.impact_time ?? 0).getTime()).toBe(new Date(sale.impact_time).getTime());
    }
    const seededFees = sql`select count(*)::int as n from transactions t
      where t.user_id = ${userId} and t.transaction_channel = 'FEE' and t.parent_transaction_id is not null
        and not exists (select 1 from payouts p where p.fee_transaction_id = t.id)`;
    expect(await countOf(seededFees)).toBe(sales.length);
    const orphanFees = sql`select count(*)::int as n from transactions
      where user_id = ${userId} and transaction_channel = 'FEE' and parent_transaction_id is null
        and id not in (select fee_transaction_id from payouts where fee_transaction_id is not null)`;
    expect(await countOf(orphanFees)).toBe(0);
    const feesOfOtherSales = sql`select count(*)::int as n from transactions f join transactions s on s.id = f.parent_transaction_id
      where f.user_id = ${userId} and f.transaction_channel = 'FEE'
        and (s.transaction_channel <> 'CARD' or s.transaction_status <> 'SUCCESSFUL')
        and f.id not in (select fee_transaction_id from payouts where fee_transaction_id is not null)`;
    expect(await countOf(feesOfOtherSales)).toBe(0);
  });

  it('dates the merchant, its wallets, products and first settlement accounts before its first sale, and nothing after now', async () => {
    const [first] = await sqlRows<{ at: Date }>(
      ctx.app,
      sql`select min(impact_time) as at from transactions where user_id = ${userId}`,
    );
    const firstSale = new Date(first?.at ?? 0);
    expect(Date.now() - firstSale.getTime()).toBeGreaterThan(80 * 86_400_000);
    const created = await sqlRows<{ what: string; at: Date }>(
      ctx.app,
      sql`select 'merchant' as what, created_at as at from users where id = ${userId}
          union all select 'wallet ' || currency, created_at from wallets where user_id = ${userId}
          union all select 'product ' || product_name, created_at from products where user_id = ${userId}
          union all select 'bank account ' || bank_name, created_at from bank_accounts where user_id = ${userId}`,
    );
    expect(created.length).toBe(1 + 2 + 4 + 4);
    // The Zenith Bank account is the one the finance member added later, on the day she did (80 days ago).
    const later = created.filter((row) => row.what === 'bank account Zenith Bank');
    expect(later.map((row) => calendarDaysAgo(row.at))).toEqual([80]);
    for (const row of created.filter((each) => !later.includes(each))) {
      expect(new Date(row.at).getTime(), row.what).toBeLessThan(firstSale.getTime());
    }
    expect(
      await countOf(
        sql`select count(*)::int as n from transactions where user_id = ${userId} and impact_time > now()`,
      ),
    ).toBe(0);
  });

  it('has a filled company profile', async () => {
    const [profile] = await sqlRows<{ business_description: string | null; country_of_business: string }>(
      ctx.app,
      sql`select business_description, country_of_business from users where id = ${userId}`,
    );
    expect(profile).toEqual({
      business_description: 'Hand-dyed adire, Ankara and aso-oke textiles made in Lagos.',
      country_of_business: 'Nigeria',
    });
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
    expect(estimate?.n).toBe(seeded); // the seeded history; the two payments in progress came after
    const columns = await sqlRows<{ attname: string }>(
      ctx.app,
      sql`select attname from pg_stats where schemaname = 'public' and tablename = 'transactions'`,
    );
    expect(columns.map((column) => column.attname)).toEqual(
      expect.arrayContaining(['user_id', 'transaction_status', 'impact_time']),
    );
  });
  const signIn = async (email: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: PASSWORD },
    });
    expect(response.statusCode, `${email} signs in with the demo's password`).toBe(200);
    return bearer(String(response.json().token));
  };

  it('has a team of four in four roles, who joined by invitation, and an invitation still open', async () => {
    const owner = await signIn(OWNER_EMAIL);
    const members = TeamMemberListSchema.parse(
      (await ctx.app.inject({ url: '/api/team/members', headers: owner })).json(),
    );
    expect(members.items.map((member) => [member.email, member.role])).toEqual([
      [OWNER_EMAIL, 'owner'],
      ['kayode@adaeze-fabrics.test', 'admin'],
      ['ngozi@adaeze-fabrics.test', 'finance'],
      ['emeka@adaeze-fabrics.test', 'developer'],
      ['funmi@adaeze-fabrics.test', 'support'],
    ]);
    expect(members.requireTwoFactor).toBe(false);
    // Joined in the business's first days, last active when they last opened the dashboard.
    const joined = members.items.slice(1);
    expect(joined.map((member) => calendarDaysAgo(member.joinedAt))).toEqual([88, 88, 87, 86]);
    expect(joined.map((member) => calendarDaysAgo(member.lastActiveAt))).toEqual([5, 1, 12, 3]);
    const invitations = TeamInvitationListSchema.parse(
      (await ctx.app.inject({ url: '/api/team/invitations', headers: owner })).json(),
    );
    expect(
      invitations.items.map((invitation) => [invitation.email, invitation.role, invitation.status]),
    ).toEqual([
      ['bola@adaeze-fabrics.test', 'viewer', 'PENDING'],
      // Newest first: Funmi was invited last, as a viewer (the admin made her support later).
      ...DEMO_TEAM.map((member) => [member.email, member.invitedAs, 'ACCEPTED']).reverse(),
    ]);
    // Each member signs in with the demo's password and finds the business among theirs, in their role.
    for (const member of DEMO_TEAM) {
      const memberships = MembershipListSchema.parse(
        (await ctx.app.inject({ url: '/api/team/memberships', headers: await signIn(member.email) })).json(),
      );
      expect(memberships.items).toContainEqual(
        expect.objectContaining({
          businessId: userId,
          businessName: 'Adaeze Fabrics & Co',
          role: member.role,
        }),
      );
    }
  });

  it('mails the invitations to the invitees, never to the owner, and announces none of the past activity', async () => {
    for (const email of [...DEMO_TEAM.map((member) => member.email), 'bola@adaeze-fabrics.test']) {
      const mail = await ctx.app.deps.email.mailbox(email);
      expect(
        mail.filter((message) => message.subject.includes('invited you to Adaeze Fabrics')),
      ).toHaveLength(1);
    }
    const ownersMail = await ctx.app.deps.email.mailbox(OWNER_EMAIL);
    expect(ownersMail.filter((message) => /invit/i.test(`${message.subject} ${message.text}`))).toEqual([]);
    expect(securityEventsAfterSeed).toBe(0);
  });

  it('has three months of activity in an audit trail that verifies, each chain in the order it happened', async () => {
    const entries = await sqlRows<{
      chain: string;
      sequence: number;
      occurred_at: Date;
      action: string;
      ip: string | null;
      actor_person_id: string | null;
      api_key_prefix: string | null;
      outcome: string;
    }>(
      ctx.app,
      sql`select chain, sequence::int as sequence, occurred_at, action, ip, actor_person_id, api_key_prefix, outcome
          from audit_events order by chain, sequence`,
    );
    // Every entry says who: a person, or the API key by its prefix (the back office's payouts).
    expect(entries.filter((entry) => !entry.actor_person_id && !entry.api_key_prefix)).toEqual([]);
    expect(
      entries.filter((entry) => entry.action === 'payout.created').map((entry) => entry.api_key_prefix),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^bzk_test_\w{4}$/)]));
    const business = entries.filter((entry) => entry.chain === userId);
    const days = (entry: { occurred_at: Date }) =>
      (Date.now() - new Date(entry.occurred_at).getTime()) / 86_400_000;
    expect(days(business[0] as (typeof business)[number])).toBeGreaterThan(85);
    expect(business.filter((entry) => days(entry) < 7).length).toBeGreaterThan(0);
    expect([...new Set(business.map((entry) => entry.action))]).toEqual(
      expect.arrayContaining([
        'auth.sign_in',
        'team.invitation_sent',
        'team.invitation_accepted',
        'api_key.generated',
        'api_key.rolled',
        'webhook.url_changed',
        'settlement_account.added',
        'settings.changed',
        'team.member_role_changed',
        'payout.created',
        'settlement_account.removed',
        'refund.created',
        'dispute.answered',
      ]),
    );
    for (const [index, entry] of entries.entries()) {
      const previous = entries[index - 1];
      if (previous?.chain !== entry.chain) continue;
      expect(
        new Date(entry.occurred_at).getTime(),
        `${entry.chain} #${entry.sequence}`,
      ).toBeGreaterThanOrEqual(new Date(previous.occurred_at).getTime());
    }
    // Every member signed in from more than one place; three passwords were mistyped on the way.
    for (const member of DEMO_TEAM) {
      const [person] = await sqlRows<{ id: string }>(
        ctx.app,
        sql`select id from users where email = ${member.email}`,
      );
      const signIns = entries.filter(
        (entry) => entry.chain === person?.id && entry.action === 'auth.sign_in',
      );
      expect(new Set(signIns.map((entry) => entry.ip)).size, member.email).toBeGreaterThan(1);
    }
    expect(entries.filter((entry) => entry.action === 'auth.sign_in_failed')).toHaveLength(3);
    expect(await verifyAuditTrail(dbOf(ctx.app))).toMatchObject({ ok: true, broken: null });
    expect((await verifyLedger(dbOf(ctx.app))).ok).toBe(true);
  });
});
