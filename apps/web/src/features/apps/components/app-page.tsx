import { formatDate } from '@bizdash/shared';
import { ArrowLeft, LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { StatusBadge } from '@/components/ui/status-badge';
import { APPS_PATH, useAppPage } from '../use-app-page';
import { AppDetails, AppWallets, DeleteApp, SwitchAction } from './app-page-sections';
import { AppStatusBadge } from './apps-list';

function BackToApps() {
  return (
    <Link
      to={APPS_PATH}
      className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All apps
    </Link>
  );
}

/**
 * /settings/apps/{appId}: the app's details, wallets, the switch to it and its deletion; `children` (its developer
 * settings, another feature) go below, composed by the route.
 */
export function AppPage({ appId, children }: { appId: string; children?: ReactNode }) {
  const { apps, app, actingNow, backToApps } = useAppPage(appId);

  let content: ReactNode;
  if (apps.isPending) {
    content = <div className="h-64 animate-pulse rounded-xl bg-white ring-1 ring-slate-900/5" />;
  } else if (apps.isError) {
    content = <QueryErrorState query={apps} />;
  } else if (!app) {
    content = (
      <EmptyState
        icon={LayoutGrid}
        title="App not found"
        description="There is no such app under your business: it may have been deleted or archived."
      />
    );
  } else {
    content = (
      <>
        <div className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 sm:flex-row sm:items-center sm:p-6">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate text-lg font-semibold text-slate-900" data-testid="app-name">
                {app.businessName}
              </h2>
              <AppStatusBadge app={app} />
              {actingNow ? <StatusBadge tone="blue">Acting now</StatusBadge> : null}
            </div>
            <p className="mt-1 text-sm text-slate-600">Created {formatDate(app.createdAt)}</p>
          </div>
          <SwitchAction app={app} />
        </div>
        <AppWallets appId={app.recordId} />
        {app.archivedAt ? (
          <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-900/10 ring-inset">
            Archived on {formatDate(app.archivedAt)}: its payment links no longer sell and its API keys
            stopped working. It stays here while it holds money: switch to it to convert or pay out what is
            left.
          </p>
        ) : (
          <>
            <AppDetails app={app} />
            {children}
            <DeleteApp app={app} onDeleted={backToApps} />
          </>
        )}
      </>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <BackToApps />
      {content}
    </div>
  );
}
