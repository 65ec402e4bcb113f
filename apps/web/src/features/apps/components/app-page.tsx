import { type App, type DeleteAppResponse, formatDate, formatMoney } from '@bizdash/shared';
import { ArrowLeft, ArrowLeftRight, LayoutGrid, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { SectionCard } from '@/components/ui/section-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { actFor, useActingApp } from '@/lib/acting-profile';
import { useAppHasTransactions, useAppWallets } from '../api/get-app';
import { useApps } from '../api/get-apps';
import { useDeleteApp, useUpdateApp } from '../api/mutate-app';
import { AppForm } from './app-form';
import { AppStatusBadge } from './apps-list';

const APPS_PATH = '/settings/apps';

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

function AppDetails({ app }: { app: App }) {
  const update = useUpdateApp(app.recordId);
  return (
    <SectionCard title="Details" description="The name is what customers see on the app's checkout pages.">
      <AppForm
        label="App details"
        values={{ name: app.businessName, description: app.businessDescription ?? '' }}
        onSubmit={(input, onError) => update.mutate(input, { onError })}
        actions={({ dirty, reset }) => (
          <>
            <Button variant="secondary" disabled={!dirty || update.isPending} onClick={reset}>
              Cancel
            </Button>
            <Button type="submit" disabled={!dirty} pending={update.isPending}>
              Save changes
            </Button>
          </>
        )}
      />
    </SectionCard>
  );
}

function AppWallets({ appId }: { appId: string }) {
  const wallets = useAppWallets(appId);
  let content: ReactNode;
  if (wallets.isPending) {
    content = <div className="h-20 animate-pulse rounded-lg bg-slate-100" />;
  } else if (wallets.isError) {
    content = <QueryErrorState query={wallets} variant="inline" headingLevel="h3" />;
  } else {
    content = (
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="App wallets">
        {wallets.data.map((wallet) => (
          <li
            key={wallet.walletId}
            className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-900/5"
            data-testid={`app-wallet-${wallet.currency}`}
          >
            <p className="text-sm font-medium text-slate-600">{wallet.currency} wallet</p>
            <p className="mt-1 text-xl font-semibold tabular-nums text-slate-900">
              {formatMoney(wallet.availableBalance, wallet.currency)}
            </p>
            {wallet.pendingAmount !== 0 ? (
              <p className="mt-0.5 text-xs text-slate-500">
                {formatMoney(wallet.pendingAmount, wallet.currency)} on its way
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <SectionCard title="Wallets" description="The app's own money, apart from your business's.">
      {content}
    </SectionCard>
  );
}

/** What the API will do, foretold from what the page can see: money or any transaction means archived. */
function useDeletionOutcome(appId: string): 'ARCHIVED' | 'ERASED' | null {
  const wallets = useAppWallets(appId);
  const history = useAppHasTransactions(appId);
  const hasMoney = wallets.data?.some(
    (wallet) => wallet.availableBalance !== 0 || wallet.pendingAmount !== 0,
  );
  if (hasMoney || history.data) return 'ARCHIVED';
  if (wallets.isSuccess && history.isSuccess) return 'ERASED';
  return null;
}

const OUTCOME_TEXT = {
  ARCHIVED:
    'This app has money or history, so it will be archived, not erased: its transactions and wallets are kept for your records, its payment links stop selling and its API keys stop working at once. It stays in your apps list while it holds money, so you can move it.',
  ERASED:
    'This app has never held money nor done anything, so it will be erased for good, with its wallets, products and API keys.',
  unknown:
    'An app with money or history is archived (its records are kept, its payment links stop selling and its API keys stop working; it stays listed while it holds money); one without is erased for good.',
} as const;

function DeleteApp({ app, onDeleted }: { app: App; onDeleted: (result: DeleteAppResponse) => void }) {
  const [open, setOpen] = useState(false);
  const outcome = useDeletionOutcome(app.recordId);
  const remove = useDeleteApp(app.recordId, (result) => {
    setOpen(false);
    onDeleted(result);
  });
  const action = outcome === 'ARCHIVED' ? 'Archive app' : 'Delete app';
  return (
    <SectionCard title="Delete app" description="Stop this app: its API keys stop working at once.">
      <Button
        variant="secondary"
        icon={<Trash2 className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        {action}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`${outcome === 'ARCHIVED' ? 'Archive' : 'Delete'} ${app.businessName}?`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate(undefined)}>
              {action}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700" data-testid="delete-app-outcome">
          {OUTCOME_TEXT[outcome ?? 'unknown']}
        </p>
      </Modal>
    </SectionCard>
  );
}

function SwitchAction({ app }: { app: App }) {
  const acting = useActingApp();
  if (acting?.appId === app.recordId) {
    return (
      <Button variant="secondary" onClick={() => actFor(null)}>
        Back to your business
      </Button>
    );
  }
  return (
    <Button
      icon={<ArrowLeftRight className="size-4" aria-hidden="true" />}
      onClick={() => actFor({ appId: app.recordId, name: app.businessName })}
    >
      Switch to this app
    </Button>
  );
}

/**
 * /settings/apps/{appId}: the app's details, wallets, the switch to it and its deletion; `children` (its developer
 * settings, another feature) go below, composed by the route.
 */
export function AppPage({ appId, children }: { appId: string; children?: ReactNode }) {
  const apps = useApps({ errorToast: false });
  const acting = useActingApp();
  const navigate = useNavigate();
  const app = apps.data?.find((candidate) => candidate.recordId === appId);

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
              {acting?.appId === app.recordId ? <StatusBadge tone="blue">Acting now</StatusBadge> : null}
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
            <DeleteApp app={app} onDeleted={() => void navigate(APPS_PATH)} />
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
