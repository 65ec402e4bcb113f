import { Wallet } from 'lucide-react';
import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav } from '@/components/ui/tab-nav';
import { useCan } from '@/lib/permissions';
import { MoneyFlowCard } from '../components/money-flow-card';
import { WalletCards } from '../components/wallet-cards';

const TABS = [
  { label: 'Recent transactions', to: '/dashboard/recents' },
  { label: 'Pending', to: '/dashboard/pending' },
];

/** Balances and the money-flow chart, or for a role that cannot see money (developer, support) who can. */
function MoneyOverview() {
  const { allowed, reason } = useCan('money.read');
  if (!allowed) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600">
        <Wallet aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        {reason}.
      </p>
    );
  }
  return (
    <>
      <section aria-labelledby="dashboard-balances">
        <h2 id="dashboard-balances" className="sr-only">
          Balances
        </h2>
        <WalletCards headingLevel="h3" />
      </section>
      <div className="mt-6">
        <MoneyFlowCard />
      </div>
    </>
  );
}

export function Component() {
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of the money moving through your business." />
      <MoneyOverview />
      <TabNav label="Dashboard views" items={TABS} className="mt-10 mb-4" />
      <Outlet />
    </>
  );
}
