import type { Db, Tx } from './client.ts';

/** Where a transaction runs, and what to wake once one that wrote events has committed (the job runner). */
export interface TransactionDeps {
  database: { db: Db };
  jobs: { kick(): void };
}

/** The transactions withTransaction has open, each with how many events it wrote so far. */
const open = new WeakMap<Tx, { events: number }>();

/**
 * One database transaction. Events written in it (`emitEvent`, jobs/events.repository.ts) commit or roll back with
 * the change they announce, and once it has committed the job runner is woken, once however many it wrote, so
 * their receipts, notices and webhooks leave now rather than at the runner's next poll.
 */
export async function withTransaction<T>(deps: TransactionDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  const written = { events: 0 };
  const result = await deps.database.db.transaction(async (tx) => {
    open.set(tx, written);
    try {
      return await work(tx);
    } finally {
      open.delete(tx);
    }
  });
  if (written.events > 0) deps.jobs.kick();
  return result;
}

/**
 * Counts an event written in `tx`. Only withTransaction's transactions take events: in any other the runner would
 * not be woken after its commit.
 */
export function noteEventWritten(tx: Tx) {
  const written = open.get(tx);
  if (!written) throw new Error('an event is written inside withTransaction (db/transaction.ts)');
  written.events += 1;
}
