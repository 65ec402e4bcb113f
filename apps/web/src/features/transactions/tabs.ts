import { PENDING_TRANSACTION_STATUSES, type TransactionSearchFilter } from '@bizdash/shared';
import { useRouteHandle } from '@/lib/use-route-handle';

/** The transactions page's tabs; each tab is a filter, and the tab lives in the path. */
export const TRANSACTION_TABS = ['all', 'credit', 'debit', 'pending', 'failed'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

const PENDING: TransactionSearchFilter = { status: [...PENDING_TRANSACTION_STATUSES] };

export const TAB_FILTERS: Record<TransactionTab, TransactionSearchFilter> = {
  all: {},
  credit: { type: 'CREDIT' },
  debit: { type: 'DEBIT' },
  pending: PENDING,
  failed: { status: 'FAILED' },
};

/** The dashboard's and each account's views: the newest transactions, or the ones still pending. */
export const RECENT_VIEWS = ['recents', 'pending'] as const;
export type RecentView = (typeof RECENT_VIEWS)[number];

export const RECENT_VIEW_FILTERS: Record<RecentView, TransactionSearchFilter> = {
  recents: {},
  pending: PENDING,
};

function isTabHandle(value: unknown): value is { transactionTab: TransactionTab } {
  return typeof value === 'object' && value !== null && 'transactionTab' in value;
}

function isViewHandle(value: unknown): value is { recentView: RecentView } {
  return typeof value === 'object' && value !== null && 'recentView' in value;
}

export function useTransactionTab(): TransactionTab {
  return useRouteHandle(isTabHandle)?.transactionTab ?? 'all';
}

export function useRecentView(): RecentView {
  return useRouteHandle(isViewHandle)?.recentView ?? 'recents';
}
