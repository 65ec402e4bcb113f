import { type App, type DeleteAppResponse, formatMoney } from '@bizdash/shared';
import { ArrowLeftRight, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { QueryErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { SectionCard } from '@/components/ui/section-card';
import { useAppWallets } from '../api/get-app';
import { useAppDeletion, useAppDetails, useSwitchAction } from '../use-app-page';
import { AppForm } from './app-form';

export function AppDetails({ app }: { app: App }) {
  const details = useAppDetails(app);
  return (
    <SectionCard title="Details" description="The name is what customers see on the app's checkout pages.">
      <AppForm
        label="App details"
        values={details.values}
        onSubmit={details.save}
        actions={({ dirty, reset }) => (
          <>
            <Button variant="secondary" disabled={!dirty || details.saving} onClick={reset}>
              Cancel
            </Button>
            <Button type="submit" disabled={!dirty} pending={details.saving}>
              Save changes
            </Button>
          </>
        )}
      />
    </SectionCard>
  );
}

export function AppWallets({ appId }: { appId: string }) {
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

const OUTCOME_TEXT = {
  ARCHIVED:
    'This app has money or history, so it will be archived, not erased: its transactions and wallets are kept for your records, its payment links stop selling and its API keys stop working at once. It stays in your apps list while it holds money, so you can move it.',
  ERASED:
    'This app has never held money nor done anything, so it will be erased for good, with its wallets, products and API keys.',
  unknown:
    'An app with money or history is archived (its records are kept, its payment links stop selling and its API keys stop working; it stays listed while it holds money); one without is erased for good.',
} as const;

export function DeleteApp({ app, onDeleted }: { app: App; onDeleted: (result: DeleteAppResponse) => void }) {
  const { open, setOpen, outcome, deleting, confirm } = useAppDeletion(app, onDeleted);
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
            <Button variant="danger" pending={deleting} onClick={confirm}>
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

export function SwitchAction({ app }: { app: App }) {
  const { actingNow, backToBusiness, switchToApp } = useSwitchAction(app);
  if (actingNow) {
    return (
      <Button variant="secondary" onClick={backToBusiness}>
        Back to your business
      </Button>
    );
  }
  return (
    <Button icon={<ArrowLeftRight className="size-4" aria-hidden="true" />} onClick={switchToApp}>
      Switch to this app
    </Button>
  );
}
