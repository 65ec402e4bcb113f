import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createTestDatabase } from '../../helper.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../src/db/migrations');

/**
 * Runs `work` with the migrations as they stood before `tag`: a copy of the folder whose journal ends just before
 * it, removed afterwards. A migration's test migrates an empty database that far, writes the rows of before, then
 * migrates the rest.
 */
export async function withMigrationsBefore<T>(tag: string, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bizdash-migrations-'));
  try {
    await cp(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const end = journal.entries.findIndex((entry) => entry.tag === tag);
    if (end < 0) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.slice(0, end);
    await writeFile(journalFile, JSON.stringify(journal));
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** An empty database on the engine the tests run on: TEST_DATABASE_URL's PostgreSQL, else an in-memory PGlite. */
export interface EmptyDatabase {
  migrate(folder: string): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function emptyDatabase(): Promise<EmptyDatabase> {
  const created = await createTestDatabase();
  if (created.url) {
    const pool = new pg.Pool({ connectionString: created.url, max: 1 });
    const db = drizzleNodePg(pool);
    return {
      migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
      query: async <T>(text: string) => (await pool.query(text)).rows as T[],
      close: async () => {
        await pool.end();
        await created.drop();
      },
    };
  }
  const client = new PGlite({ extensions: { btree_gin, pg_trgm } });
  const db = drizzlePglite(client);
  return {
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    query: async <T>(text: string) => {
      const results = await client.exec(text);
      return (results.at(-1)?.rows ?? []) as T[];
    },
    close: () => client.close(),
  };
}
