import { describe, expect, it } from 'vitest';
import { formatDate, formatProductDate } from './date.ts';

describe('formatDate', () => {
  it('formats as dd MMM yyyy', () => {
    expect(formatDate('2026-03-05T10:00:00')).toBe('05 Mar 2026');
  });

  it("shows 'N/A' for a missing date and 'Invalid date' for an unparsable one", () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('yesterday-ish')).toBe('Invalid date');
  });
});

describe('formatProductDate', () => {
  it('formats as EE, dd MMM yyyy', () => {
    expect(formatProductDate('2026-11-22T09:00:00')).toBe('Sun, 22 Nov 2026');
  });
});
