import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav } from '@/components/ui/tab-nav';

const TABS = [
  { label: 'Recent transactions', to: '/dashboard/recents' },
  { label: 'Pending', to: '/dashboard/pending' },
];

export function Component() {
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of the money moving through your business." />
      <TabNav label="Dashboard views" items={TABS} className="mb-6" />
      <Outlet />
    </>
  );
}
