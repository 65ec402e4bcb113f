import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A time seam for what records when something happened: `now()` is the real time, except inside `atMoment`,
 * which pins it for the work it runs (and everything that work awaits). The demo seed uses it to write months
 * of activity through the real services at the moments it happened; nothing in a request pins it.
 */
const pinned = new AsyncLocalStorage<number>();

/** The pinned moment when inside `atMoment`, else the real time. */
export const now = (): Date => new Date(pinned.getStore() ?? Date.now());

/** Runs `work` with `now()` pinned to `moment` (milliseconds kept, as the audit trail stores them). */
export const atMoment = <T>(moment: Date, work: () => Promise<T>): Promise<T> =>
  pinned.run(moment.getTime(), work);
