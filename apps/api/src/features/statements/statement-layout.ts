/**
 * Where a statement's PDF puts things down the page (points, A4). Rows are one line each, of fixed height, so the
 * number of pages follows from the number of entries, known from the summary before the first entry is read: every
 * page can say "Page N of M" while the file is still streamed (ADR 061).
 */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 };
export const FOOTER_Y = PAGE.height - 28;

export const LAYOUT = {
  /** The business's name, below the logo, from the top margin. */
  businessTop: 64,
  /** Each line under the name (app, country, email, wallet, when generated). */
  detailLine: 12,
  summaryGap: 22,
  /** The summary box of four lines and the space under it. */
  summaryHeight: 4 * 15 + 30,
  tableHeader: 14,
  row: 11,
  /** No row reaches below this: the footer's line is under it. */
  rowsEnd: FOOTER_Y - 14,
} as const;

const rowsBelow = (top: number) => Math.floor((LAYOUT.rowsEnd - top) / LAYOUT.row);

/** Pages of a statement whose first page has `detailLines` under the business's name, with `entries` entries. */
export function statementPages(detailLines: number, entries: number): number {
  const firstPageTop =
    PAGE.margin +
    LAYOUT.businessTop +
    detailLines * LAYOUT.detailLine +
    LAYOUT.summaryGap +
    LAYOUT.summaryHeight +
    LAYOUT.tableHeader;
  const first = rowsBelow(firstPageTop);
  const later = rowsBelow(PAGE.margin + LAYOUT.tableHeader);
  // The opening and closing balances are rows too.
  const rows = entries + 2;
  return rows <= first ? 1 : 1 + Math.ceil((rows - first) / later);
}
