import type { DbOrTx } from './client.ts';

interface PreparedStatement<TResult> {
  execute(values?: Record<string, unknown>): Promise<TResult>;
}

interface Preparable<TResult> {
  prepare(name: string): PreparedStatement<TResult>;
}

/** What every drizzle session and prepared query holds: the connection (pool, client or transaction) it runs on. */
interface Connected {
  client: unknown;
}

const names = new Set<string>();

/**
 * A query whose shape is fixed, built once (placeholders for its values) and run by name on whichever database
 * or transaction it is given: no query building per call, and PostgreSQL parses and plans it once per connection.
 *
 * Drizzle binds a prepared query to the session it was made on; a transaction is a session of its own. So the
 * first call prepares the query once per driver, and each call runs that template on the caller's connection
 * (a prepared query keeps its connection in `client`, as every drizzle session does; the test in
 * test/features/db/prepared.test.ts holds drizzle to it on both drivers). ADR 018.
 */
export function preparedQuery<TValues extends Record<string, unknown>, TResult>(
  name: string,
  build: (db: DbOrTx) => Preparable<TResult>,
): (db: DbOrTx, values: TValues) => Promise<TResult> {
  // PostgreSQL refuses a second statement under a name a connection already prepared.
  if (names.has(name)) throw new Error(`a prepared query is already named ${name}`);
  names.add(name);
  const templates = new Map<unknown, PreparedStatement<TResult>>();
  return (db, values) => {
    const session = db._.session as unknown as Connected;
    let template = templates.get(session.constructor);
    if (!template) {
      template = build(db).prepare(name);
      if (!('client' in template)) throw new Error('drizzle prepared queries no longer keep their client');
      templates.set(session.constructor, template);
    }
    const onCaller: PreparedStatement<TResult> & Connected = Object.create(template);
    onCaller.client = session.client;
    return onCaller.execute(values);
  };
}
