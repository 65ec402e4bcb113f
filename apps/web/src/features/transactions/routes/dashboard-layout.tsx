import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav } from '@/components/ui/tab-nav';
import { MoneyFlowCard } from '../components/money-flow-card';
import { WalletCards } from '../components/wallet-cards';

const TABS = [
  { label: 'Recent transactions', to: '/dashboard/recents' },
  { label: 'Pending', to: '/dashboard/pending' },
];

export function Component() {
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of the money moving through your business." />
      <section aria-labelledby="dashboard-balances">
        <h2 id="dashboard-balances" className="sr-only">
          Balances
        </h2>
        <WalletCards headingLevel="h3" />
      </section>
      <div className="mt-6">
        <MoneyFlowCard />
      </div>
      <TabNav label="Dashboard views" items={TABS} className="mt-10 mb-4" />
      <Outlet />
    </>
  );
}
