import type { Db } from '../../db/client.ts';
import type { ScheduledJob } from '../../jobs/schedule.repository.ts';
import { deleteStaleQuotes } from './fx.repository.ts';

/** Hourly: quotes nobody converted go a day after they expired (a screen left open makes one every 30 s). */
export function staleQuotesJob(db: Db): ScheduledJob {
  return { name: 'fx-stale-quotes', everyMs: 3_600_000, run: () => deleteStaleQuotes(db, 24) };
}
