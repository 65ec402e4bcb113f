import type { Cursor } from './transaction-filter.ts';

/** `<impactTime ms>_<id>` of a page's last row: the next page starts below it (the shared schema checks the form). */
export const encodeCursor = ({ impactTime, id }: Cursor) => `${impactTime.getTime()}_${id}`;

export function decodeCursor(text: string): Cursor {
  const [milliseconds = '', id = ''] = text.split('_');
  return { impactTime: new Date(Number(milliseconds)), id };
}
