import { ArrowLeft, LayoutGrid } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';

export function Component() {
  const appId = useParams().appId ?? '';
  return (
    <>
      <Link
        to="/settings/apps"
        className="mb-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All apps
      </Link>
      <EmptyState
        icon={LayoutGrid}
        title="App not found"
        description={`There is no app with the id ${appId} under your business.`}
      />
    </>
  );
}
