import { CURRENCIES } from '@bizdash/shared';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../src/db/schema/index.ts';
import { sqlRows, useTestApp } from '../../helper.ts';

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** The migrations are written by hand (drizzle-kit's snapshots are stale): the database must still agree. */
describe('the CHECKs of db/schema and of the migrated database', () => {
  const ctx = useTestApp();

  const databaseChecks = () =>
    sqlRows<{ table: string; name: string; definition: string }>(
      ctx.app,
      sql`select relname as "table", conname as name, pg_get_constraintdef(pg_constraint.oid) as definition
          from pg_constraint join pg_class on pg_class.oid = conrelid
          join pg_namespace on pg_namespace.oid = relnamespace
          where contype = 'c' and nspname = 'public'`,
    );

  it('has every CHECK the schema declares, by table and name', async () => {
    const inDatabase = new Set((await databaseChecks()).map((check) => `${check.table}.${check.name}`));
    const declared = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return config.checks.map((check) => `${config.name}.${check.name}`);
    });
    expect(declared.length).toBeGreaterThan(30);
    expect(declared.filter((check) => !inDatabase.has(check))).toEqual([]);
  });

  it('keeps every currency column to CURRENCIES, no more and no fewer', async () => {
    const currencyColumns = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns
        .filter(
          (column) =>
            column.name === 'currency' ||
            column.name.endsWith('_currency') ||
            column.name === 'currency_code',
        )
        .map((column) => `${config.name}.${config.name}_${column.name}_known`);
    });
    const checks = new Map(
      (await databaseChecks()).map((check) => [`${check.table}.${check.name}`, check.definition]),
    );
    expect(currencyColumns).toHaveLength(15);
    for (const name of currencyColumns) {
      const values = [...(checks.get(name) ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
      expect(values, name).toEqual([...CURRENCIES]);
    }
  });
});
