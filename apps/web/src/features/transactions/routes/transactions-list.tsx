import { ArrowDownLeft, ArrowUpRight, CircleX, Clock, type LucideIcon, Receipt } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { useRouteHandle } from '@/lib/use-route-handle';

export const TRANSACTION_FILTERS = ['all', 'credit', 'debit', 'pending', 'failed'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

function isFilterHandle(value: unknown): value is { transactionFilter: TransactionFilter } {
  return typeof value === 'object' && value !== null && 'transactionFilter' in value;
}

const EMPTY_STATES: Record<TransactionFilter, { icon: LucideIcon; title: string; description: string }> = {
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
    description: 'Transactions that did not go through will appear here with their reason.',
  },
};

export function Component() {
  const filter = useRouteHandle(isFilterHandle)?.transactionFilter ?? 'all';
  return <EmptyState {...EMPTY_STATES[filter]} />;
}
