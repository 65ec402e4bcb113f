import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, withMigrationsBefore } from './migrations-before.ts';

describe('migration 0027: one table of seen callbacks', () => {
  const client = new PGlite({ extensions: { btree_gin, pg_trgm } });
  const db = drizzle(client);
  afterAll(() => client.close());

  it('moves the ids identity and bank-link callbacks had, so a replay across the upgrade is still refused', async () => {
    await withMigrationsBefore('0027_seen_callbacks', (before) => migrate(db, { migrationsFolder: before }));
    await client.exec(`
      insert into identity_callbacks (provider, callback_id, received_at) values ('sandbox', 'kyc-1', '2026-11-26T10:00:00Z');
      insert into bank_link_callbacks (provider, callback_id, received_at) values ('plaid', 'link-1', '2026-11-26T11:00:00Z');
      insert into scheduled_jobs (name) values ('kyc-callback-ids-prune'), ('bank-link-callback-ids-prune');
    `);

    await migrate(db, { migrationsFolder });

    const seen = await client.query(
      'select source, provider, callback_id, received_at from seen_callbacks order by source',
    );
    expect(seen.rows).toEqual([
      {
        source: 'bank-link',
        provider: 'plaid',
        callback_id: 'link-1',
        received_at: new Date('2026-11-26T11:00:00Z'),
      },
      {
        source: 'identity',
        provider: 'sandbox',
        callback_id: 'kyc-1',
        received_at: new Date('2026-11-26T10:00:00Z'),
      },
    ]);
    const leftOver = await client.query(
      "select table_name from information_schema.tables where table_name in ('identity_callbacks', 'bank_link_callbacks')",
    );
    expect(leftOver.rows).toEqual([]);
    const jobs = await client.query("select name from scheduled_jobs where name like '%callback%'");
    expect(jobs.rows).toEqual([]);
  });
});
