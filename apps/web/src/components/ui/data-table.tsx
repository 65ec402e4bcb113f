import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The padding of a body cell; rows add their own alignment and colours. */
export const tableCellClasses = 'px-3 py-3 first:pl-4 last:pr-4';

interface DataTableProps<Column extends string> {
  /** Names the table for assistive technology. */
  caption: string;
  columns: readonly Column[];
  /** Width and alignment per column, for the heading and the row's cells alike. */
  columnClasses: Record<Column, string>;
  /** Columns whose heading only assistive technology reads (a column of buttons). */
  unlabelled?: readonly Column[];
  className?: string;
  /** The rows. */
  children: ReactNode;
}

/** A list's table on wide screens: the caption, the column headings and a body of rows divided by hairlines. */
export function DataTable<Column extends string>({
  caption,
  columns,
  columnClasses,
  unlabelled = [],
  className,
  children,
}: DataTableProps<Column>) {
  return (
    <table className={cn('w-full text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-600">
        <tr>
          {columns.map((column) => (
            <th
              key={column}
              scope="col"
              className={cn('px-3 py-2.5 font-medium first:pl-4 last:pr-4', columnClasses[column])}
            >
              {unlabelled.includes(column) ? <span className="sr-only">{column}</span> : column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}
