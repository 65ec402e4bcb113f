import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

interface LedgerCheck {
  name: string;
  checked: number;
  violations: number;
  examples: string[];
}

export interface LedgerReport {
  ok: boolean;
  checks: LedgerCheck[];
}

interface CheckQuery {
  name: string;
  /** How many things the check looked at. */
  checked: ReturnType<typeof sql>;
  /** One row (with an `example` column) per violation. */
  violations: ReturnType<typeof sql>;
}

const CHECKS: CheckQuery[] = [
  {
    name: 'every posting balances per currency',
    checked: sql`select count(*) as n from ledger_postings`,
    violations: sql`select posting_id || ' ' || currency || ' off by ' || sum(amount) as example
      from ledger_entries group by posting_id, currency having sum(amount) <> 0`,
  },
  {
    name: 'every posting has entries',
    checked: sql`select count(*) as n from ledger_postings`,
    violations: sql`select p.id::text as example from ledger_postings p
      where not exists (select 1 from ledger_entries e where e.posting_id = p.id)`,
  },
  {
    name: "every entry is in its account's currency",
    checked: sql`select count(*) as n from ledger_entries`,
    violations: sql`select e.id::text as example from ledger_entries e
      left join wallets w on w.id = e.wallet_id
      left join system_accounts s on s.id = e.system_account_id
      where e.currency <> coalesce(w.currency, s.currency)`,
  },
  {
    name: 'every wallet balance equals the sum of its entries',
    checked: sql`select count(*) as n from wallets`,
    violations: sql`select w.id || ' holds ' || w.balance || ', entries sum to ' || coalesce(e.total, 0) as example
      from wallets w
      left join (select wallet_id, sum(amount) as total from ledger_entries where wallet_id is not null group by wallet_id) e
        on e.wallet_id = w.id
      where w.balance <> coalesce(e.total, 0)`,
  },
  {
    // ADR 051: only a dispute's hold takes a wallet below zero, so a negative balance is at most what the wallet's
    // disputes not won (open, lost or accepted) took from it.
    name: 'no wallet balance below zero but by its dispute holds',
    checked: sql`select count(*) as n from wallets`,
    violations: sql`select w.id || ' at ' || w.balance || ', disputes hold or lost ' || coalesce(d.total, 0) as example
      from wallets w
      left join (select wallet_id, sum(amount) as total from disputes where status <> 'WON' group by wallet_id) d
        on d.wallet_id = w.id
      where w.balance < 0 and w.balance + coalesce(d.total, 0) < 0`,
  },
  {
    name: 'successful transactions are posted, others are not',
    checked: sql`select count(*) as n from transactions`,
    violations: sql`select id::text as example from transactions
      where (transaction_status = 'SUCCESSFUL') <> (posting_id is not null)`,
  },
  {
    name: 'each posted transaction moved its wallet by its amount',
    checked: sql`select count(*) as n from transactions where posting_id is not null`,
    violations: sql`select t.id::text as example from transactions t
      join ledger_entries e on e.posting_id = t.posting_id and e.wallet_id = t.wallet_id
      group by t.id, t.transaction_type, t.transaction_amount
      having sum(e.amount) <> case when t.transaction_type = 'CREDIT' then t.transaction_amount else -t.transaction_amount end`,
  },
  {
    name: "every payout's money is where its status says",
    checked: sql`select count(*) as n from payouts`,
    // Debited (in transit) once confirmed; then settled out of transit, or reversed back: never both, never neither.
    // A payout the bank returned after settling it is FAILED with its settlement reversed as well as its debit.
    violations: sql`select p.id || ' ' || p.status as example from payouts p
      left join ledger_postings r on r.reverses_posting_id = p.debit_posting_id
      left join ledger_postings s on s.idempotency_key = 'payout-settled:' || p.transaction_id
      left join ledger_postings sr on sr.reverses_posting_id = s.id
      where case p.status
        when 'PROCESSING' then p.debit_posting_id is null or r.id is not null or s.id is not null
        when 'SUCCESSFUL' then p.debit_posting_id is null or r.id is not null or s.id is null or sr.id is not null
        when 'FAILED' then p.debit_posting_id is null or r.id is null or (s.id is not null and sr.id is null)
        else p.debit_posting_id is not null
      end`,
  },
  {
    name: "every refund's money is where its status says",
    checked: sql`select count(*) as n from refunds`,
    // Debited into REFUNDS_IN_TRANSIT when made; then settled out of transit, or reversed back: never both.
    violations: sql`select f.id || ' ' || f.status as example from refunds f
      left join ledger_postings d on d.id = f.debit_posting_id
        and d.idempotency_key = 'refund-debit:' || f.transaction_id
      left join ledger_postings r on r.reverses_posting_id = f.debit_posting_id
      left join ledger_postings s on s.idempotency_key = 'refund-settled:' || f.transaction_id
      where d.id is null or case f.status
        when 'PENDING' then r.id is not null or s.id is not null
        when 'SUCCEEDED' then r.id is not null or s.id is null
        else r.id is null or s.id is not null
      end`,
  },
  {
    name: "a payment's refunds never add up to more than the customer paid",
    checked: sql`select count(distinct payment_id) as n from refunds`,
    violations: sql`select p.id || ' paid ' || p.customer_total || ', refunds ' || sum(f.amount) as example
      from refunds f join checkout_payments p on p.id = f.payment_id
      where f.status <> 'FAILED'
      group by p.id, p.customer_total
      having sum(f.amount) > p.customer_total`,
  },
  {
    name: 'refunds in transit add up to the REFUNDS_IN_TRANSIT account',
    checked: sql`select count(*) as n from system_accounts where code = 'REFUNDS_IN_TRANSIT'`,
    violations: sql`select a.currency || ' holds ' || coalesce(e.total, 0) || ', pending refunds ' || coalesce(f.total, 0) as example
      from system_accounts a
      left join (select system_account_id, sum(amount) as total from ledger_entries group by system_account_id) e
        on e.system_account_id = a.id
      left join (select currency, sum(amount) as total from refunds where status = 'PENDING' group by currency) f
        on f.currency = a.currency
      where a.code = 'REFUNDS_IN_TRANSIT' and coalesce(e.total, 0) <> coalesce(f.total, 0)`,
  },
  {
    name: "every dispute's money is where its status says",
    checked: sql`select count(*) as n from disputes`,
    // Held when opened; then released back to the wallet (WON) or paid to the network (LOST, ACCEPTED): never both.
    violations: sql`select d.id || ' ' || d.status as example from disputes d
      left join ledger_postings h on h.id = d.hold_posting_id and h.idempotency_key = 'dispute-hold:' || d.transaction_id
      left join ledger_postings r on r.idempotency_key = 'dispute-released:' || d.transaction_id
      left join ledger_postings l on l.idempotency_key = 'dispute-lost:' || d.transaction_id
      where h.id is null or case
        when d.status = 'WON' then r.id is null or l.id is not null or d.reversal_transaction_id is null
        when d.status in ('LOST', 'ACCEPTED') then r.id is not null or l.id is null
        else r.id is not null or l.id is not null
      end`,
  },
  {
    name: "a payment's refunds and disputes never add up to more than the customer paid",
    checked: sql`select count(distinct payment_id) as n from disputes`,
    // A won dispute gave its amount back: that part may be refunded again.
    violations: sql`select p.id || ' paid ' || p.customer_total || ', disputed ' || d.total || ', refunded ' || coalesce(f.total, 0) as example
      from (select payment_id, sum(amount) as total from disputes where status <> 'WON' group by payment_id) d
      join checkout_payments p on p.id = d.payment_id
      left join (select payment_id, sum(amount) as total from refunds where status <> 'FAILED' group by payment_id) f
        on f.payment_id = d.payment_id
      where d.total + coalesce(f.total, 0) > p.customer_total`,
  },
  {
    name: 'open disputes add up to the DISPUTES_HELD account',
    checked: sql`select count(*) as n from system_accounts where code = 'DISPUTES_HELD'`,
    violations: sql`select a.currency || ' holds ' || coalesce(e.total, 0) || ', open disputes ' || coalesce(d.total, 0) as example
      from system_accounts a
      left join (select system_account_id, sum(amount) as total from ledger_entries group by system_account_id) e
        on e.system_account_id = a.id
      left join (select currency, sum(amount) as total from disputes
        where status in ('NEEDS_RESPONSE', 'UNDER_REVIEW') group by currency) d on d.currency = a.currency
      where a.code = 'DISPUTES_HELD' and coalesce(e.total, 0) <> coalesce(d.total, 0)`,
  },
];

async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The ledger's invariants, checked against the whole database; used by `npm run ledger:verify`, tests and benchmarks. */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const checks: LedgerCheck[] = [];
  for (const check of CHECKS) {
    const [counted] = await rowsOf<{ n: string | number }>(db, check.checked);
    const violations = await rowsOf<{ example: string }>(db, check.violations);
    checks.push({
      name: check.name,
      checked: Number(counted?.n ?? 0),
      violations: violations.length,
      examples: violations.slice(0, 5).map((row) => row.example),
    });
  }
  return { ok: checks.every((check) => check.violations === 0), checks };
}
