import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduledJobs } from '../../../src/db/schema/index.ts';
import { buildTestApp, dbOf, sqlRows, type TestContext } from '../../helper.ts';

const tablesWithoutStatistics = sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname = 'public' and c.reltuples < 0`;
const rowEstimate = (table: string) =>
  sql`select reltuples::int as n from pg_class where oid = to_regclass(${table})`;

/** PGlite has no autovacuum: the app gives its planner statistics itself (ADR 017). */
describe('planner statistics', () => {
  let ctx: TestContext;
  const estimate = async (table: string) => (await sqlRows<{ n: number }>(ctx.app, rowEstimate(table)))[0]?.n;
  const jobRow = async () => {
    const [row] = await dbOf(ctx.app)
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'database-statistics'));
    return row;
  };

  beforeAll(async () => {
    ctx = await buildTestApp({ jobsEnabled: true });
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it('every table has them once the database is migrated and open', async () => {
    expect(await sqlRows(ctx.app, tablesWithoutStatistics)).toEqual([]);
  });

  it('on PGlite, a scheduled job refreshes tables that grew; PostgreSQL leaves it to autovacuum', async () => {
    if (ctx.app.deps.database.kind === 'postgres') {
      expect(await jobRow()).toBeUndefined();
      return;
    }
    await vi.waitFor(async () => expect((await jobRow())?.lastRunAt).toBeInstanceOf(Date));
    const first = await jobRow();
    const tenMinutesLater = (first?.lastRunAt?.getTime() ?? 0) + 600_000;
    expect(Math.abs((first?.nextRunAt.getTime() ?? 0) - tenMinutesLater)).toBeLessThan(2_000);

    await dbOf(ctx.app).execute(
      sql`create table statistics_probe as select g as id from generate_series(1, 5000) g`,
    );
    expect(await estimate('statistics_probe')).toBe(-1);
    await dbOf(ctx.app).update(scheduledJobs).set({ nextRunAt: sql`now()` });
    await vi.waitFor(async () => expect(await estimate('statistics_probe')).toBe(5000), { timeout: 5_000 });
    expect((await jobRow())?.lastError).toBeNull();
  });

  it('on PGlite, the job empties GIN pending lists, which every search through the index reads; PostgreSQL leaves it to autovacuum', async () => {
    if (ctx.app.deps.database.kind === 'postgres') {
      expect(await jobRow()).toBeUndefined();
      return;
    }
    const pendingPages = async (index: string) =>
      (
        await sqlRows<{ n: number }>(
          ctx.app,
          sql`select gin_clean_pending_list(${index}::regclass)::int as n`,
        )
      )[0]?.n;
    for (const table of ['gin_probe', 'gin_probe_control']) {
      await dbOf(ctx.app).execute(sql.raw(`create table ${table} (t text)`));
      await dbOf(ctx.app).execute(
        sql.raw(`create index ${table}_idx on ${table} using gin (t gin_trgm_ops)`),
      );
      await dbOf(ctx.app).execute(
        sql.raw(
          `insert into ${table} select 'order ORD-' || g || ' ankara fabric' from generate_series(1, 2000) g`,
        ),
      );
    }
    // Measured, so the job finds nothing stale to VACUUM (which would empty the lists too): ANALYZE does not.
    await dbOf(ctx.app).execute(sql`analyze gin_probe, gin_probe_control`);
    // Inserted rows wait in the pending list (cleaning the control shows it had some)...
    expect(await pendingPages('gin_probe_control_idx')).toBeGreaterThan(0);
    await dbOf(ctx.app).update(scheduledJobs).set({ nextRunAt: sql`now()` });
    const ranBefore = (await jobRow())?.lastRunAt?.getTime() ?? 0;
    await vi.waitFor(async () => expect((await jobRow())?.lastRunAt?.getTime()).toBeGreaterThan(ranBefore), {
      timeout: 5_000,
    });
    // ...and the job moved the probe's into the index.
    expect(await pendingPages('gin_probe_idx')).toBe(0);
  });
});
