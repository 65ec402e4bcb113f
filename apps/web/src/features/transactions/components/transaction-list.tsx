import { SEARCH_PAGE_SIZE, type Transaction, type TransactionSearchFilter } from '@bizdash/shared';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { NoMatchesState } from '@/components/ui/list-filters';
import { ListFrame } from '@/components/ui/list-frame';
import { Pagination } from '@/components/ui/pagination';
import { PastLastPage } from '@/components/ui/past-last-page';
import { useFitsWidth } from '@/lib/use-fits-width';
import { useTransactionSearch } from '../api/search-transactions';
import { TransactionCards, TransactionCardsSkeleton } from './transaction-cards';
import { TransactionDetailsModal } from './transaction-details-modal';
import { TransactionsTable, TransactionsTableSkeleton } from './transactions-table';

/** Below this width the table's columns would not fit: each transaction becomes a card. */
const TABLE_MIN_WIDTH = 880;

export interface EmptyCopy {
  icon: LucideIcon;
  title: string;
  description: string;
}

interface TransactionListProps {
  filter: TransactionSearchFilter;
  /** Names the list for assistive technology ('Recent transactions'). */
  caption: string;
  /** What an empty result says when the merchant has not narrowed it down. */
  empty: EmptyCopy;
  page?: number;
  size?: number;
  /** Given, the list pages (Previous/Next, 'Page X of Y'); otherwise it shows one page and `footer`. */
  onPageChange?: (page: number) => void;
  /** Given, the merchant has narrowed the list: an empty result offers to clear the filters. */
  onClearFilters?: () => void;
  footer?: ReactNode;
}

/** The one transactions list of the dashboard, account and transactions pages: loading, error, empty, rows. */
export function TransactionList({
  filter,
  caption,
  empty,
  page = 1,
  size = SEARCH_PAGE_SIZE,
  onPageChange,
  onClearFilters,
  footer,
}: TransactionListProps) {
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const query = useTransactionSearch({ filter, page, size });
  const [selected, setSelected] = useState<Transaction | null>(null);
  const { data } = query;

  if (!data) {
    if (query.isError) {
      return <QueryErrorState query={query} />;
    }
    return (
      <ListFrame busy ref={ref}>
        <span role="status" className="sr-only">
          Loading transactions
        </span>
        {wide ? <TransactionsTableSkeleton rows={Math.min(size, 10)} /> : <TransactionCardsSkeleton />}
      </ListFrame>
    );
  }

  if (data.items.length === 0) {
    if (onPageChange && page > 1 && data.totalElements > 0) {
      return (
        <PastLastPage
          subject="These transactions"
          totalPages={data.totalPages}
          onFirstPage={() => onPageChange(1)}
        />
      );
    }
    if (onClearFilters) {
      return (
        <NoMatchesState
          title="No transactions match these filters"
          description="Try another date range or search, or clear the filters to see every transaction."
          onClearFilters={onClearFilters}
        />
      );
    }
    return <EmptyState {...empty} />;
  }

  const stale = query.isPlaceholderData;
  const rows = { transactions: data.items, onOpen: setSelected, caption, stale };
  return (
    <>
      <ListFrame busy={stale} ref={ref}>
        {wide ? <TransactionsTable {...rows} /> : <TransactionCards {...rows} />}
        {onPageChange ? (
          <Pagination
            className="border-t border-slate-100 px-4 py-3"
            page={data.page}
            totalPages={data.totalPages}
            totalElements={data.totalElements}
            pageSize={data.size}
            totalCapped={data.totalCapped}
            itemCount={data.items.length}
            hasNextPage={data.totalCapped ? Boolean(data.nextCursor) : undefined}
            onPageChange={onPageChange}
            noun={data.totalElements === 1 ? 'transaction' : 'transactions'}
            busy={stale}
          />
        ) : footer ? (
          <div className="border-t border-slate-100 px-4 py-3">{footer}</div>
        ) : null}
      </ListFrame>
      <TransactionDetailsModal selected={selected} onClose={() => setSelected(null)} onOpen={setSelected} />
    </>
  );
}
