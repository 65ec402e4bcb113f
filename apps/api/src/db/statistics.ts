import { type SQL, sql } from 'drizzle-orm';

/** Any drizzle database (PGlite or node-postgres), outside a transaction: VACUUM refuses to run in one. */
interface SqlRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

const rowsOf = async <T>(db: SqlRunner, query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows;

/**
 * Tables whose planner statistics are missing or stale: never analyzed, or grown or shrunk by more than a tenth
 * (and 8 pages, 64 kB) since VACUUM or ANALYZE last measured them. PGlite keeps no activity counters across a
 * restart (pg_stat_user_tables starts from zero each time), so the table's size on disk against the size recorded
 * in pg_class stands in for autovacuum's count of changed rows.
 */
async function staleTables(db: SqlRunner): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.oid::regclass::text as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = 'public'
        and (c.reltuples < 0
          or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > c.relpages * 0.1 + 8)
      order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * Moves the entries a GIN index keeps in its pending list (where inserts put them first, fastupdate) into the
 * index proper. Every search through the index reads the whole pending list, entry by entry: after a bulk load
 * PGlite's trigram index kept 422 pages of them, and a text search for a common word took 114 ms instead of 14
 * (ADR 066). Autovacuum does this on PostgreSQL; a list already empty costs a catalog query.
 */
async function cleanGinPendingLists(db: SqlRunner) {
  await db.execute(sql`select gin_clean_pending_list(c.oid)
    from pg_class c join pg_am am on am.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
    where am.amname = 'gin' and n.nspname = 'public'`);
}

/**
 * Gives the planner statistics where they are missing or stale (see staleTables), with VACUUM first when asked
 * (the scheduled job: dead rows go back to free space, the visibility map lets index-only scans skip the heap),
 * and empties GIN indexes' pending lists. Returns the tables it refreshed.
 */
export async function refreshStaleStatistics(db: SqlRunner, options: { vacuum: boolean }) {
  const tables = await staleTables(db);
  if (tables.length > 0) {
    // Names come from the catalog, quoted by regclass.
    await db.execute(sql.raw(`${options.vacuum ? 'vacuum (analyze)' : 'analyze'} ${tables.join(', ')}`));
  }
  await cleanGinPendingLists(db);
  return tables;
}

/** How many migrations this database has applied: none before drizzle's journal table exists. */
export async function appliedMigrations(db: SqlRunner): Promise<number> {
  try {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return row?.n ?? 0;
  } catch {
    return 0;
  }
}
