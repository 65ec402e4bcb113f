import { is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

interface PreparedStatement<TResult> {
  execute(values?: Record<string, unknown>): Promise<TResult>;
  getQuery(): { sql: string; params: unknown[] };
}

interface Preparable<TResult> {
  prepare(name: string): PreparedStatement<TResult>;
}

/** What every drizzle session and prepared query holds: the connection (pool, client or transaction) it runs on. */
interface Connected {
  client: unknown;
}

const names = new Set<string>();
const dialect = new PgDialect();

/**
 * A query whose shape is fixed, built once (placeholders for its values) and run by name on whichever database
 * or transaction it is given: no query building per call, and PostgreSQL parses and plans it once per connection.
 *
 * Drizzle binds a prepared query to the session it was made on; a transaction is a session of its own. So the
 * first call prepares the query once per driver, and each call runs that template on the caller's connection
 * (a prepared query keeps its connection in `client`, as every drizzle session does; the test in
 * test/features/db/prepared.test.ts holds drizzle to it on both drivers). ADR 018.
 */
export function preparedQuery<K extends string, TResult>(
  name: string,
  keys: readonly K[],
  build: (db: DbOrTx, values: Placeholders<K>) => Preparable<TResult>,
): (db: DbOrTx, values: Record<K, unknown>) => Promise<TResult> {
  // PostgreSQL refuses a second statement under a name a connection already prepared.
  if (names.has(name)) throw new Error(`a prepared query is already named ${name}`);
  names.add(name);
  const templates = new Map<unknown, Promise<PreparedStatement<TResult>>>();
  const prepareOnce = async (db: DbOrTx) => {
    const template = build(db, placeholders(keys)).prepare(name);
    if (!('client' in template)) throw new Error('drizzle prepared queries no longer keep their client');
    // A second build a moment later: any value that differs was computed while building.
    await new Promise((resolve) => setTimeout(resolve, 2));
    assertNothingBaked(name, template, build(db, placeholders(keys)).prepare(name));
    return template;
  };
  return async (db, values) => {
    const session = db._.session as unknown as Connected;
    let template = templates.get(session.constructor);
    if (!template) {
      template = prepareOnce(db);
      templates.set(session.constructor, template);
    }
    const onCaller: PreparedStatement<TResult> & Connected = Object.create(await template);
    onCaller.client = session.client;
    return onCaller.execute(values);
  };
}

/**
 * A value computed while building (drizzle's `$onUpdate` timestamp, a `new Date()` in a condition) would be frozen
 * into the statement and sent on every call: two builds must agree on every value that is not a placeholder.
 */
function assertNothingBaked(
  name: string,
  first: PreparedStatement<unknown>,
  second: PreparedStatement<unknown>,
) {
  // Insert values arrive wrapped in a Param with their column's encoder.
  const unwrap = (param: unknown) => (is(param, Param) ? param.value : param);
  const [a, b] = [first.getQuery().params.map(unwrap), second.getQuery().params.map(unwrap)];
  a.forEach((value, index) => {
    if (!is(value, Placeholder) && value !== b[index]) {
      throw new Error(`prepared query ${name} freezes a per-call value as parameter $${index + 1}`);
    }
  });
}

/** Hand-written SQL run as a prepared statement (`values` are its placeholders); resolves to its rows. */
export function preparedSql<K extends string, TRow>(
  name: string,
  keys: readonly K[],
  build: (values: Placeholders<K>) => SQL<TRow>,
): (db: DbOrTx, values: Record<K, unknown>) => Promise<TRow[]> {
  const built = dialect.sqlToQuery(build(placeholders(keys)));
  const run = preparedQuery(name, keys, (db) => ({
    prepare: (statementName) =>
      db._.session.prepareQuery<{ execute: { rows: TRow[] }; all: unknown; values: unknown }>(
        built,
        undefined,
        statementName,
        false,
      ),
  }));
  return async (db, values) => (await run(db, values)).rows;
}

export type Placeholders<K extends string> = { [Key in K]: Placeholder<Key> };

/** `{ key: placeholder('key') }` for each key: the values of a prepared insert or update. */
function placeholders<K extends string>(keys: readonly K[]): Placeholders<K> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Placeholders<K>;
}

/** Placeholders as an update's `set` takes them (drizzle types `set` as values or SQL, not placeholders). */
export function asSet<K extends string>(values: Placeholders<K>): Record<K, SQL> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, sql`${value}`])) as Record<
    K,
    SQL
  >;
}
