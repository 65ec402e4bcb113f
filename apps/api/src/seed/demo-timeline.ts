import { atMoment } from '../lib/clock.ts';

/**
 * Runs the demo's dated history up to a moment (inclusive): what the seed's other parts call before something they
 * do at a past moment themselves, so every audit chain is written in the order its entries happened.
 */
export type DatedHistory = (moment: Date) => Promise<void>;

export interface DatedStep {
  at: Date;
  run: () => Promise<void>;
}

const DAY_MS = 86_400_000;

/** `daysAgo` days before `now`, at `time` ('HH:MM', UTC; Lagos is an hour ahead). */
export function dayAt(now: number, daysAgo: number, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  const day = new Date(now - daysAgo * DAY_MS);
  day.setUTCHours(hours ?? 0, minutes ?? 0, 0, 0);
  return day;
}

/**
 * The steps, oldest first, each run with the clock pinned at its moment (lib/clock: the audit trail stamps its
 * entries with it); the answer runs those due up to a moment and can be called again for the next ones.
 */
export function timeline(steps: DatedStep[]): DatedHistory {
  const pending = [...steps].sort((a, b) => a.at.getTime() - b.at.getTime());
  return async (moment) => {
    while (pending[0] && pending[0].at.getTime() <= moment.getTime()) {
      const step = pending.shift() as DatedStep;
      await atMoment(step.at, step.run);
    }
  };
}
