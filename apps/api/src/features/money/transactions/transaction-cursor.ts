import type { Cursor } from './transaction-filter.ts';

/** `<impactTime ms>_<id>` of a page's last row: the next page starts below it (the shared schema checks the form). */
export const encodeCursor = ({ impactTime, id }: Cursor) => `${impactTime.getTime()}_${id}`;

export function decodeCursor(text: string): Cursor {
  const [milliseconds = '', id = ''] = text.split('_');
  return { impactTime: new Date(Number(milliseconds)), id };
}

/**
 * The id of a child written at its parent's impact time (a sale's card fee, a payout's fee): one below the
 * parent's id. Lists break ties of impact time by id, newest first, so the child always shows directly under its
 * parent, in the list, the search and the export, and keyset pages stay exact (uuids compare bytewise). Only the
 * last 48 bits change, so the id keeps its version and variant.
 */
export function childIdBelow(parentId: string): string {
  const head = parentId.slice(0, -12);
  const node = BigInt(`0x${parentId.slice(-12)}`);
  const below = (node === 0n ? 0xffffffffffffn : node - 1n).toString(16).padStart(12, '0');
  return `${head}${below}`;
}
