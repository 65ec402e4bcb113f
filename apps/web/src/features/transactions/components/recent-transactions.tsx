import type { TransactionSearchFilter } from '@bizdash/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { usePageParam } from '@/lib/use-page-param';
import { RECENT_VIEW_FILTERS, type RecentView } from '../tabs';
import { type EmptyCopy, TransactionList } from './transaction-list';

const CAPTIONS: Record<RecentView, string> = {
  recents: 'Recent transactions',
  pending: 'Pending transactions',
};

interface RecentTransactionsProps {
  view: RecentView;
  empty: EmptyCopy;
  /** Narrows the view to one wallet (the account pages). */
  walletId?: string;
  /** The dashboard shows one page and links to the full list; account pages page through instead. */
  viewAll?: { to: string; label: string };
}

/** A dashboard or account view: the newest transactions, or the pending ones. */
export function RecentTransactions({ view, empty, walletId, viewAll }: RecentTransactionsProps) {
  const [page, setPage] = usePageParam();
  const filter: TransactionSearchFilter = walletId
    ? { ...RECENT_VIEW_FILTERS[view], walletId }
    : RECENT_VIEW_FILTERS[view];
  return viewAll ? (
    <TransactionList
      filter={filter}
      caption={CAPTIONS[view]}
      empty={empty}
      footer={
        <Link
          to={viewAll.to}
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {viewAll.label}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      }
    />
  ) : (
    <TransactionList
      filter={filter}
      caption={CAPTIONS[view]}
      empty={empty}
      page={page}
      onPageChange={setPage}
    />
  );
}
