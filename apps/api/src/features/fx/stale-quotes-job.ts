import type { Db } from '../../db/client.ts';
import type { ScheduledJob } from '../../jobs/schedule.repository.ts';
import type { FeatureJobs } from '../../types.ts';
import { deleteStaleQuotes } from './fx.repository.ts';

/** Hourly: quotes nobody converted go a day after they expired (a screen left open makes one every 30 s). */
function staleQuotesJob(db: Db): ScheduledJob {
  return { name: 'fx-stale-quotes', everyMs: 3_600_000, run: () => deleteStaleQuotes(db, 24) };
}

/** FX's scheduled jobs (listed in app.ts). */
export const fxJobs: FeatureJobs = (deps) => [staleQuotesJob(deps.database.db)];
