import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav } from '@/components/ui/tab-nav';
import { ExportButton } from '../components/export-button';
import { TransactionFilters } from '../components/transaction-filters';
import { TAB_FILTERS, type TransactionTab, useTransactionTab } from '../tabs';
import { useListFilters } from '../use-list-params';

const TABS: { label: string; tab: TransactionTab }[] = [
  { label: 'All', tab: 'all' },
  { label: 'Credit', tab: 'credit' },
  { label: 'Debit', tab: 'debit' },
  { label: 'Pending', tab: 'pending' },
  { label: 'Failed', tab: 'failed' },
];

export function Component() {
  const tab = useTransactionTab();
  const { filters, searchFilter, filtered, setFilters, clearFilters, queryString } = useListFilters();
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every payment into and out of your wallets, newest first."
        actions={<ExportButton filter={{ ...TAB_FILTERS[tab], ...searchFilter }} />}
      />
      <TabNav
        label="Transaction filters"
        // Switching tabs keeps the date range and search, and starts again at page 1.
        items={TABS.map((item) => ({ label: item.label, to: `/transactions/${item.tab}${queryString}` }))}
        className="mb-5"
      />
      <TransactionFilters
        filters={filters}
        onChange={setFilters}
        onClear={clearFilters}
        filtered={filtered}
      />
      <Outlet />
    </>
  );
}
