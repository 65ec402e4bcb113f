import { DEFAULT_FEE_SCHEDULE } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.ts';
import { seedMerchant } from '../../apps/api/src/seed/seed-merchant.ts';

export const MERCHANT = { email: 'bench-statements@bizdash.local', password: 'Bench!Merchant2026' };

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The bench merchant's NGN wallet, if it was loaded already. */
export async function benchWallet(database: Database) {
  const [wallet] = await rowsOf<{ id: string }>(
    database,
    sql`select w.id from wallets w join users u on u.id = w.user_id
        where u.email = ${MERCHANT.email} and w.currency = 'NGN'`,
  );
  return wallet?.id ?? null;
}

/**
 * One merchant (through the seed, so it can sign in), then `entries` ledger entries of its NGN wallet spread over
 * the last 365 days, written in one statement per 20,000: balanced postings against the house's accounts, sales
 * and their fees, refunds and payouts in turn, the wallet's balance moved by their sum. The statement reads
 * these rows exactly as it reads postings the services make.
 */
export async function loadYearOfEntries(database: Database, entries: number) {
  await seedMerchant(database.db, {
    ...MERCHANT,
    firstName: 'Bench',
    lastName: 'Statements',
    businessName: 'Bench Statements Ltd',
    businessDescription: 'Bench statements: a year of ledger entries.',
    feeSchedule: DEFAULT_FEE_SCHEDULE,
    transactions: 10,
    days: 1,
    seed: 25,
  });
  const walletId = await benchWallet(database);
  if (!walletId) throw new Error('the bench merchant has no NGN wallet');
  const yearAgo = Date.now() - 365 * 86_400_000;
  for (let first = 0; first < entries; first += 20_000) {
    const last = Math.min(entries, first + 20_000) - 1;
    // Every fourth entry is a sale; the others (a fee, a refund, a payout) take less out than the sales bring in.
    await database.db.execute(sql`
      with moves as (
        select n, gen_random_uuid() as posting_id,
          (array['PAYMENT', 'FEE', 'REFUND', 'PAYOUT'])[n % 4 + 1] as kind,
          case when n % 4 = 0 then 250000 + (n % 97) * 1000 else -(10000 + (n % 89) * 100) end as amount,
          to_timestamp(${yearAgo / 1000} + n * (365 * 86400.0 / ${entries})) as at
        from generate_series(${first}::int, ${last}::int) as n
      ),
      postings as (
        insert into ledger_postings (id, idempotency_key, request_hash, kind, description, created_at)
        select posting_id, 'bench-statement:' || posting_id, 'bench', kind,
          case kind when 'PAYMENT' then 'Payment for Ankara fabric, 6 yards' when 'FEE' then 'Card fee'
            when 'REFUND' then 'Refund to the card' else 'Payout to GTBank ****6789' end, at
        from moves
      )
      insert into ledger_entries (posting_id, wallet_id, system_account_id, currency, amount, created_at)
      select posting_id, ${walletId}::uuid, null, 'NGN', amount, at from moves
      union all
      select posting_id, null, (select id from system_accounts where code = 'CUSTOMER_FUNDS' and currency = 'NGN'),
        'NGN', -amount, at from moves`);
  }
  await database.db.execute(sql`update wallets set balance = (
    select coalesce(sum(amount), 0) from ledger_entries where wallet_id = ${walletId}) where id = ${walletId}`);
  return walletId;
}
