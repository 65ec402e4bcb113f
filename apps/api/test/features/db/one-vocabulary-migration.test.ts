import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmptyDatabase,
  emptyDatabase,
  migrationsFolder,
  withMigrationsBefore,
} from './migrations-before.ts';

const CURRENCY_TABLES = [
  'bank_accounts',
  'checkout_payments',
  'fx_quotes',
  'ledger_entries',
  'payouts',
  'products',
  'sandbox_card_authorizations',
  'system_accounts',
  'transactions',
  'wallets',
];

describe('migration 0028: one check per currency column, and converted quotes say CONVERTED', () => {
  let database: EmptyDatabase;
  const userId = randomUUID();
  const openQuote = randomUUID();
  const convertedQuote = randomUUID();

  const constraintNames = async () =>
    (
      await database.query<{ name: string }>(
        `select conname as name from pg_constraint join pg_class on pg_class.oid = conrelid
         where contype = 'c' and relname in (${CURRENCY_TABLES.map((table) => `'${table}'`).join(', ')})`,
      )
    ).map((row) => row.name);

  beforeAll(async () => {
    database = await emptyDatabase();
    await withMigrationsBefore('0028_one_vocabulary', (before) => database.migrate(before));
    const quote = (id: string, status: string, booked: string) =>
      `insert into fx_quotes (id, user_id, from_currency, to_currency, side, requested_amount, mid_rate, rate,
         spread_bps, fee_bps, fee, amount_in, amount_out, expires_at, status, debit_transaction_id,
         credit_transaction_id, converted_at)
       values ('${id}', '${userId}', 'USD', 'NGN', 'sell', 10000, 1550, 1527, 150, 50, 50, 10000, 15199235,
         now(), '${status}', ${booked}, ${booked}, ${booked === 'null' ? 'null' : 'now()'})`;
    await database.query(`
      insert into users (id, email, first_name, last_name, phone_number, business_name, country_of_business)
      values ('${userId}', 'ada@example.com', 'Ada', 'Obi', '+2348012345678', 'Ada Ventures', 'Nigeria');
      ${quote(openQuote, 'OPEN', 'null')};
      -- A converted quote's transactions are beside the point here: their foreign keys are not checked.
      set session_replication_role = replica;
      ${quote(convertedQuote, 'EXECUTED', `'${randomUUID()}'`)};
      set session_replication_role = origin;
    `);
    await database.migrate(migrationsFolder);
  });
  afterAll(() => database.close());

  it('renames EXECUTED quotes CONVERTED and leaves open ones open', async () => {
    const rows = await database.query<{ id: string; status: string }>('select id, status from fx_quotes');
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [openQuote]: 'OPEN',
      [convertedQuote]: 'CONVERTED',
    });
    await expect(
      database.query(`update fx_quotes set status = 'EXECUTED' where id = '${openQuote}'`),
    ).rejects.toThrow(/fx_quotes_status_known/);
  });

  it('names every currency check <table>_<column>_known, one per column, the old names gone', async () => {
    const names = await constraintNames();
    expect(names.filter((name) => /currenc/.test(name) && name.endsWith('_known')).sort()).toEqual(
      [
        'bank_accounts_currency_known',
        'checkout_payments_currency_known',
        'fx_quotes_from_currency_known',
        'fx_quotes_to_currency_known',
        'ledger_entries_currency_known',
        'payouts_currency_known',
        'products_currency_known',
        'sandbox_card_authorizations_currency_known',
        'system_accounts_currency_known',
        'transactions_currency_code_known',
        'wallets_currency_known',
      ].sort(),
    );
    expect(names).not.toContain('bank_accounts_currency_check');
    expect(names).not.toContain('fx_quotes_currencies_known');
    expect(names).not.toContain('fx_quotes_executed_iff_booked');
    expect(names).toContain('fx_quotes_converted_iff_booked');
  });

  it('refuses a currency outside the list on a column that had no check before', async () => {
    await expect(
      database.query(`insert into system_accounts (code, currency) values ('CUSTOMER_FUNDS', 'EUR')`),
    ).rejects.toThrow(/system_accounts_currency_known/);
  });
});
