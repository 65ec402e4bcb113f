import { type App, formatDate, formatMoney } from '@bizdash/shared';
import { ChevronRight, LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { StatusBadge } from '@/components/ui/status-badge';
import { useActingApp } from '@/lib/acting-profile';
import { useAppWallets } from '../api/get-app';
import { useApps } from '../api/get-apps';

/**
 * An app takes its merchant's verification: it can be paid and pay out once the business is verified. An archived
 * app (listed only while it holds money) says so instead.
 */
export function AppStatusBadge({ app }: { app: Pick<App, 'status' | 'archivedAt'> }) {
  if (app.archivedAt) return <StatusBadge tone="grey">Archived</StatusBadge>;
  return app.status === 'ACTIVE' ? (
    <StatusBadge tone="green">Active</StatusBadge>
  ) : (
    <StatusBadge tone="yellow">Awaiting verification</StatusBadge>
  );
}

/** Each app's balances, one call per app (apps are few): a column on wide screens, a line under the name on phones. */
function AppBalances({ appId, inline = false }: { appId: string; inline?: boolean }) {
  const wallets = useAppWallets(appId);
  if (!wallets.data) return <span className="inline-block h-4 w-24 animate-pulse rounded bg-slate-100" />;
  return (
    <span
      className={
        inline
          ? 'flex flex-wrap gap-x-2 text-xs font-medium text-slate-700 tabular-nums'
          : 'flex min-w-28 flex-col items-end text-sm font-medium text-slate-900 tabular-nums'
      }
      data-testid={inline ? undefined : 'app-balances'}
    >
      {wallets.data.map((wallet) => (
        <span key={wallet.walletId}>
          <span className="sr-only">{wallet.currency} balance </span>
          {formatMoney(wallet.availableBalance, wallet.currency)}
        </span>
      ))}
    </span>
  );
}

function AppRow({ app, acting }: { app: App; acting: boolean }) {
  return (
    <li>
      <Link
        to={`/settings/apps/${encodeURIComponent(app.recordId)}`}
        className="flex items-center gap-4 px-5 py-4 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:px-6"
      >
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-base font-semibold text-brand-800"
        >
          {app.businessName.slice(0, 1).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-slate-900">{app.businessName}</span>
            {acting ? <StatusBadge tone="blue">Acting now</StatusBadge> : null}
          </span>
          <span className="mt-0.5 block truncate text-sm text-slate-600">
            {app.businessDescription || 'No description'}
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            Created {formatDate(app.createdAt)}
            <span className="sm:hidden">
              <AppStatusBadge app={app} />
            </span>
          </span>
          <span className="mt-1.5 block sm:hidden">
            <AppBalances appId={app.recordId} inline />
          </span>
        </span>
        <span className="hidden sm:block">
          <AppStatusBadge app={app} />
        </span>
        <span className="hidden sm:block">
          <AppBalances appId={app.recordId} />
        </span>
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** The merchant's apps, newest first, each opening its page. */
export function AppsList() {
  const apps = useApps({ errorToast: false });
  const acting = useActingApp();
  if (apps.isPending) {
    return (
      <ul aria-label="Loading apps" className="flex flex-col gap-3 p-5 sm:p-6">
        {[0, 1].map((row) => (
          <li key={row} className="h-16 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (apps.isError) return <QueryErrorState query={apps} variant="inline" headingLevel="h3" />;
  if (apps.data.length === 0) {
    return (
      <EmptyState
        className="rounded-none border-0"
        headingLevel="h3"
        icon={LayoutGrid}
        title="No apps yet"
        description="Apps are separate profiles under your business, each with its own wallets, products, payment links, API key and webhook."
      />
    );
  }
  return (
    <ul aria-label="Apps" className="divide-y divide-slate-100">
      {apps.data.map((app) => (
        <AppRow key={app.recordId} app={app} acting={acting?.appId === app.recordId} />
      ))}
    </ul>
  );
}
