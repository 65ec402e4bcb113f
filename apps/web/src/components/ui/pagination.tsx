import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

const count = new Intl.NumberFormat('en');

interface PaginationProps {
  page: number;
  totalPages: number;
  totalElements: number;
  pageSize: number;
  /** More than totalElements match (the server stopped counting): '1,000+', 'Page 2 of 100+'. */
  totalCapped?: boolean;
  /** Rows on this page; needed past a capped total, where the total cannot place the last row. */
  itemCount?: number;
  /** Whether a page follows; by default, whether this page is before the last counted one. */
  hasNextPage?: boolean;
  onPageChange: (page: number) => void;
  /** Plural noun for the summary: '3,000 transactions'. */
  noun: string;
  /** While a page is loading the buttons wait. */
  busy?: boolean;
  className?: string;
}

/** 'Showing 11–20 of 3,000 transactions' (or 'of 1,000+'), 'Page 2 of 300' and Previous/Next. */
export function Pagination({
  page,
  totalPages,
  totalElements,
  pageSize,
  totalCapped = false,
  itemCount,
  hasNextPage,
  onPageChange,
  noun,
  busy = false,
  className,
}: PaginationProps) {
  const pages = Math.max(totalPages, 1);
  const offset = (page - 1) * pageSize;
  const first = totalCapped ? offset + 1 : totalElements === 0 ? 0 : Math.min(offset + 1, totalElements);
  const last = totalCapped ? offset + (itemCount ?? pageSize) : Math.min(page * pageSize, totalElements);
  const more = totalCapped ? '+' : '';
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      <p className="text-sm text-slate-600" data-testid="pagination-summary">
        Showing <span className="font-medium text-slate-900 tabular-nums">{count.format(first)}</span>–
        <span className="font-medium text-slate-900 tabular-nums">{count.format(last)}</span> of{' '}
        <span className="font-medium text-slate-900 tabular-nums">
          {count.format(totalElements)}
          {more}
        </span>{' '}
        {noun}
      </p>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <p className="text-sm text-slate-700 tabular-nums" aria-live="polite" data-testid="pagination-page">
          {totalCapped && page > pages
            ? `Page ${count.format(page)}`
            : `Page ${count.format(Math.min(page, pages))} of ${count.format(pages)}${more}`}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            icon={<ChevronLeft className="size-4" aria-hidden="true" />}
            disabled={busy || page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || !(hasNextPage ?? page < pages)}
            onClick={() => onPageChange(page + 1)}
          >
            Next
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}

interface ListPaginationProps {
  /** The page the API answered (PageSchema's fields). */
  page: { page: number; totalPages: number; totalElements: number; size: number };
  onPageChange: (page: number) => void;
  noun: string;
  busy?: boolean;
}

/** Under a list in its ListFrame: its pages, or nothing when everything fits on one. */
export function ListPagination({ page, onPageChange, noun, busy = false }: ListPaginationProps) {
  if (page.totalPages <= 1) return null;
  return (
    <Pagination
      className="border-t border-slate-100 px-4 py-3"
      page={page.page}
      totalPages={page.totalPages}
      totalElements={page.totalElements}
      pageSize={page.size}
      onPageChange={onPageChange}
      noun={noun}
      busy={busy}
    />
  );
}
