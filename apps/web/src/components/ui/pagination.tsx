import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

const count = new Intl.NumberFormat('en');

interface PaginationProps {
  page: number;
  totalPages: number;
  totalElements: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Plural noun for the summary: '3,000 transactions'. */
  noun: string;
  /** While a page is loading the buttons wait. */
  busy?: boolean;
  className?: string;
}

/** 'Showing 11–20 of 3,000 transactions', 'Page 2 of 300' and Previous/Next. */
export function Pagination({
  page,
  totalPages,
  totalElements,
  pageSize,
  onPageChange,
  noun,
  busy = false,
  className,
}: PaginationProps) {
  const first = totalElements === 0 ? 0 : Math.min((page - 1) * pageSize + 1, totalElements);
  const last = Math.min(page * pageSize, totalElements);
  const pages = Math.max(totalPages, 1);
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      <p className="text-sm text-slate-600" data-testid="pagination-summary">
        Showing <span className="font-medium text-slate-900 tabular-nums">{count.format(first)}</span>–
        <span className="font-medium text-slate-900 tabular-nums">{count.format(last)}</span> of{' '}
        <span className="font-medium text-slate-900 tabular-nums">{count.format(totalElements)}</span> {noun}
      </p>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <p className="text-sm text-slate-700 tabular-nums" aria-live="polite" data-testid="pagination-page">
          Page {count.format(Math.min(page, pages))} of {count.format(pages)}
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
            disabled={busy || page >= pages}
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
