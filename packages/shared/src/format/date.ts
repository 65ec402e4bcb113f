import { format, isValid, parseISO } from 'date-fns';

export const DATE_FORMAT = 'dd MMM yyyy';
export const PRODUCT_DATE_FORMAT = 'EE, dd MMM yyyy';

type DateInput = string | number | Date | null | undefined;

function toDate(value: Exclude<DateInput, null | undefined>): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  return parseISO(value);
}

/** Missing dates show 'N/A'; unparsable ones 'Invalid date'. */
export function formatDate(value: DateInput, pattern: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = toDate(value);
  return isValid(date) ? format(date, pattern) : 'Invalid date';
}

export function formatProductDate(value: DateInput): string {
  return formatDate(value, PRODUCT_DATE_FORMAT);
}

export function formatDateTime(value: DateInput): string {
  return formatDate(value, 'dd MMM yyyy, HH:mm');
}
