import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type ListenHandlers, listenOnPostgres, type Unlisten } from './listener.ts';
import * as schema from './schema/index.ts';
import { appliedMigrations, refreshStaleStatistics } from './statistics.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept either so services can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * What event handlers and the job runner's bookkeeping run on: on PostgreSQL a small pool of its own (so the
   * deliveries never queue behind requests) whose commits wait for no flush of the write-ahead log (ADR 068).
   * A crash can lose the last moments of delivery outcomes; the deliveries are then done again (at least once).
   * On PGlite, the one connection.
   */
  jobsDb: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** Notifications on a channel, delivered once the sending transaction commits. */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 7_245_001;

/**
 * PGlite's default shared_buffers (128 MB) is WebAssembly memory, touched at start-up and never given back, that
 * caches pages the OS page cache holds anyway (the data directory is plain files): 16 MB keeps the hot pages.
 */
const PGLITE_OPTIONS = {
  extensions: { btree_gin, pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

/**
 * Runs the migrations, then ANALYZE when one ran (new tables and indexes start without statistics). On PGlite,
 * which has no autovacuum, tables without statistics or grown a lot since are analyzed at every open as well.
 */
async function migrateAndAnalyze(
  db: Parameters<typeof appliedMigrations>[0],
  migrate: () => Promise<void>,
  pglite: boolean,
) {
  const before = await appliedMigrations(db);
  await migrate();
  if ((await appliedMigrations(db)) > before) await db.execute(sql`analyze`);
  else if (pglite) await refreshStaleStatistics(db, { vacuum: false });
}

/**
 * PostgreSQL when a URL is given; otherwise embedded PGlite in dataDir, or in memory when dataDir is null
 * (starting from `template`, a migrated database's dump, when given).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  poolSize?: number;
  template?: Blob;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.template);
}

/** A migrated, empty in-memory database as a dump: opening a copy skips initdb and migrations (tests). */
export async function createPgliteTemplate(): Promise<Blob> {
  const client = new PGlite(PGLITE_OPTIONS);
  try {
    const db = drizzlePglite(client, { schema });
    await migrateAndAnalyze(db, () => migratePglite(db, { migrationsFolder }), true);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Connections of the job runner's pool: as many deliveries at once (job-runner.ts's concurrency). */
export const JOBS_POOL_SIZE = 4;

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  // The PostgreSQL driver is loaded only when there is a server to talk to: the embedded default never needs it.
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString, max });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const jobsPool = new pg.Pool({
    connectionString,
    max: JOBS_POOL_SIZE,
    options: '-c synchronous_commit=off',
  });
  const jobsDb = drizzleNodePg(jobsPool, { schema }) as unknown as Db;
  const client = await pool.connect();
  try {
    // Several processes may start at once; one migrates while the others wait.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const migrationDb = drizzleNodePg(client, { schema });
    await migrateAndAnalyze(migrationDb, () => migrateNodePg(migrationDb, { migrationsFolder }), false);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  const listeners = new Set<Unlisten>();
  return {
    db,
    jobsDb,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, handlers) => {
      const unlisten = await listenOnPostgres(connectionString, channel, handlers);
      listeners.add(unlisten);
      return async () => {
        listeners.delete(unlisten);
        await unlisten();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await Promise.all([pool.end(), jobsPool.end()]);
    },
  };
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const pgdata = path.join(dataDir, 'pgdata');
    await mkdir(pgdata, { recursive: true });
    client = new PGlite(pgdata, PGLITE_OPTIONS);
  } else {
    client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: template });
  }
  const db = drizzlePglite(client, { schema });
  await migrateAndAnalyze(db, () => migratePglite(db, { migrationsFolder }), true);
  return {
    db: db as unknown as Db,
    jobsDb: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // PGlite is one connection in this process: its own LISTEN hears every commit, and never drops.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.notice);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}
