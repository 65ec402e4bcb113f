import { describe, expect, it } from 'vitest';
import { endOfDayIso, formatUtcDay, isIsoDate, lastUtcDays, startOfDayIso } from './date-range.ts';

describe('isIsoDate', () => {
  it('accepts real calendar days only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('startOfDayIso and endOfDayIso', () => {
  it('cover the whole local day', () => {
    const start = new Date(startOfDayIso('2026-03-05') ?? '');
    const end = new Date(endOfDayIso('2026-03-05') ?? '');
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2026, 2, 5, 0,
    ]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getMilliseconds()]).toEqual([
      5, 23, 59, 999,
    ]);
  });

  it('give nothing for a missing or broken date', () => {
    expect(startOfDayIso(undefined)).toBeUndefined();
    expect(endOfDayIso('soon')).toBeUndefined();
  });
});

describe('lastUtcDays', () => {
  it('ends today (UTC) and spans the given number of days', () => {
    expect(lastUtcDays(30, new Date('2026-03-05T23:30:00Z'))).toEqual({
      from: '2026-02-04',
      to: '2026-03-05',
    });
    expect(lastUtcDays(1, new Date('2026-01-01T00:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
    });
  });
});

describe('formatUtcDay', () => {
  it('names the day without shifting it into local time', () => {
    expect(formatUtcDay('2026-03-05')).toBe('05 Mar');
    expect(formatUtcDay('2026-03-05', 'dd MMM yyyy')).toBe('05 Mar 2026');
    expect(formatUtcDay('nope')).toBe('Invalid date');
  });
});
