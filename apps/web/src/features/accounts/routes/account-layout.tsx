import { ArrowLeft } from 'lucide-react';
import { Link, Outlet, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav } from '@/components/ui/tab-nav';

export function Component() {
  const accountId = useParams().accountId ?? '';
  const base = `/accounts/${encodeURIComponent(accountId)}`;
  return (
    <>
      <Link
        to="/accounts"
        className="mb-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All accounts
      </Link>
      <PageHeader title="Account" description={<span className="font-mono text-xs">{accountId}</span>} />
      <TabNav
        label="Account views"
        items={[
          { label: 'Recent transactions', to: `${base}/recents` },
          { label: 'Pending', to: `${base}/pending` },
        ]}
        className="mb-6"
      />
      <Outlet />
    </>
  );
}
