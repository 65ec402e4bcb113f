import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav } from '@/components/ui/tab-nav';

const TABS = [
  { label: 'All', to: '/transactions/all' },
  { label: 'Credit', to: '/transactions/credit' },
  { label: 'Debit', to: '/transactions/debit' },
  { label: 'Pending', to: '/transactions/pending' },
  { label: 'Failed', to: '/transactions/failed' },
];

export function Component() {
  return (
    <>
      <PageHeader title="Transactions" description="Every payment into and out of your wallets." />
      <TabNav label="Transaction filters" items={TABS} className="mb-6" />
      <Outlet />
    </>
  );
}
