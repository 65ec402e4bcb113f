import { endOfDay, format, isValid, parseISO, startOfDay } from 'date-fns';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as a date input holds it (YYYY-MM-DD) that names a real day. */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const date = parseISO(value);
  return isValid(date) && format(date, 'yyyy-MM-dd') === value;
}

/** The first instant of a calendar day in the viewer's time zone, as an ISO date-time. */
export function startOfDayIso(day: string | null | undefined): string | undefined {
  return isIsoDate(day) ? startOfDay(parseISO(day)).toISOString() : undefined;
}

/** The last instant of a calendar day in the viewer's time zone, as an ISO date-time. */
export function endOfDayIso(day: string | null | undefined): string | undefined {
  return isIsoDate(day) ? endOfDay(parseISO(day)).toISOString() : undefined;
}

/** The last `days` UTC calendar days up to and including today, as the summary endpoint expects them. */
export function lastUtcDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)))
    .toISOString()
    .slice(0, 10);
  return { from, to };
}

/** A UTC calendar day (YYYY-MM-DD) for a chart axis: '05 Mar'. The day is not shifted into local time. */
export function formatUtcDay(day: string, pattern = 'dd MMM'): string {
  if (!isIsoDate(day)) return 'Invalid date';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, date), pattern);
}
