import type { StatementQuery } from '@bizdash/shared';

const DAY_MS = 86_400_000;

/**
 * The instants a statement's calendar days stand for. A business has no time zone of its own yet, so days are UTC
 * days (as the wallet summary's): `from` at 00:00 UTC to the end of `to`. A period reaching past the moment the
 * statement is made stops there (`until`), so the summary and the list are read over the same entries.
 */
export function statementWindow(query: Pick<StatementQuery, 'from' | 'to'>, generatedAt: Date) {
  const start = new Date(`${query.from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS);
  const until = new Date(Math.max(start.getTime(), Math.min(end.getTime(), generatedAt.getTime())));
  return { start, until };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `05 Oct 2026` or, with the time, `05 Oct 2026 14:32`: always UTC, whatever the server's own zone. */
export function utcDate(at: Date, withTime = false): string {
  const iso = at.toISOString();
  const month = MONTHS[at.getUTCMonth()];
  const day = `${iso.slice(8, 10)} ${month} ${iso.slice(0, 4)}`;
  return withTime ? `${day} ${iso.slice(11, 16)}` : day;
}
