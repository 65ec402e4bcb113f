import { ArrowDownLeft, ArrowUpRight, CircleX, Clock, Receipt } from 'lucide-react';
import { usePageParam } from '@/lib/use-page-param';
import { type EmptyCopy, TransactionList } from '../components/transaction-list';
import { TAB_FILTERS, type TransactionTab, useTransactionTab } from '../tabs';
import { useListFilters } from '../use-list-params';

const EMPTY_STATES: Record<TransactionTab, EmptyCopy> = {
  all: {
    icon: Receipt,
    title: 'No transactions yet',
    description: 'Every payment into and out of your wallets will be listed here, newest first.',
  },
  credit: {
    icon: ArrowDownLeft,
    title: 'No credit transactions',
    description: 'Money received into your wallets, such as payment link checkouts, will appear here.',
  },
  debit: {
    icon: ArrowUpRight,
    title: 'No debit transactions',
    description: 'Payouts and other money leaving your wallets will appear here.',
  },
  pending: {
    icon: Clock,
    title: 'No pending transactions',
    description: 'Transactions that are waiting to be confirmed will appear here.',
  },
  failed: {
    icon: CircleX,
    title: 'No failed transactions',
    description: 'Transactions that did not go through will appear here.',
  },
};

const CAPTIONS: Record<TransactionTab, string> = {
  all: 'All transactions',
  credit: 'Credit transactions',
  debit: 'Debit transactions',
  pending: 'Pending transactions',
  failed: 'Failed transactions',
};

export function Component() {
  const tab = useTransactionTab();
  const { searchFilter, filtered, clearFilters } = useListFilters();
  const [page, setPage] = usePageParam();
  return (
    <TransactionList
      filter={{ ...TAB_FILTERS[tab], ...searchFilter }}
      caption={CAPTIONS[tab]}
      empty={EMPTY_STATES[tab]}
      page={page}
      onPageChange={setPage}
      onClearFilters={filtered ? clearFilters : undefined}
    />
  );
}
