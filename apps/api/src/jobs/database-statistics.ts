import type { Db } from '../db/client.ts';
import { refreshStaleStatistics } from '../db/statistics.ts';
import type { ScheduledJob } from './schedule.repository.ts';

/**
 * PGlite's stand-in for autovacuum (ADR 017): every 10 minutes, VACUUM (ANALYZE) the tables that grew or shrank by
 * more than a tenth since they were last measured, so the planner's row counts and value statistics follow the data
 * and dead rows become free space. A run with nothing stale costs one catalog query. PGlite only: on PostgreSQL
 * autovacuum does this in the background, with the per-table settings of migration 0006.
 */
export const databaseStatisticsJob = (db: Db): ScheduledJob => ({
  name: 'database-statistics',
  everyMs: 600_000,
  run: () => refreshStaleStatistics(db, { vacuum: true }),
});
