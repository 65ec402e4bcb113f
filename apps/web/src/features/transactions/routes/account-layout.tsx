import { CURRENCY_INFO, formatDate, formatMoney, type Wallet } from '@bizdash/shared';
import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav } from '@/components/ui/tab-nav';
import { isNotFound } from '@/lib/api-error';
import { useWallet } from '../api/get-wallet';
import { StatementButton } from '../components/statement-dialog';
import { AccountStatusBadge, CurrencyMark } from '../components/wallet-balance-card';

function BackLink() {
  return (
    <Link
      to="/accounts"
      className="mb-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All accounts
    </Link>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function AccountSummary({ wallet }: { wallet: Wallet }) {
  return (
    <dl className="flex flex-wrap items-start gap-x-12 gap-y-5 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 sm:p-6">
      <Figure
        label="Available balance"
        testId="available-balance"
        value={
          <span className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">
            {formatMoney(wallet.availableBalance, wallet.currency)}
          </span>
        }
      />
      <Figure
        label="Pending"
        testId="pending-amount"
        value={
          <span className="text-lg font-medium tabular-nums sm:text-xl">
            {formatMoney(wallet.pendingAmount, wallet.currency)}
          </span>
        }
      />
      <Figure label="Status" value={<AccountStatusBadge status={wallet.status} />} />
      <Figure
        label="Opened"
        value={<span className="text-sm font-medium">{formatDate(wallet.createdAt)}</span>}
      />
    </dl>
  );
}

function AccountNotFound() {
  return (
    <EmptyState
      icon={SearchX}
      title="Account not found"
      description="This account does not exist or does not belong to your business."
      action={
        <Link to="/accounts" className={buttonClasses('primary')}>
          Back to accounts
        </Link>
      }
    />
  );
}

export function Component() {
  const accountId = useParams().accountId ?? '';
  const wallet = useWallet(accountId);
  const base = `/accounts/${encodeURIComponent(accountId)}`;

  if (wallet.isError && !wallet.data) {
    // 404: not the merchant's (or no such) wallet; 400: not even a wallet id.
    const missing = isNotFound(wallet.error);
    return (
      <>
        <BackLink />
        <PageHeader title="Account" />
        {missing ? <AccountNotFound /> : <QueryErrorState query={wallet} />}
      </>
    );
  }

  const data = wallet.data;
  return (
    <>
      <BackLink />
      <div className="mb-6 flex flex-wrap items-center gap-4">
        {data ? <CurrencyMark currency={data.currency} className="size-12 text-xl" /> : null}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {data ? `${CURRENCY_INFO[data.currency].name} account` : 'Account'}
          </h1>
          <p className="mt-0.5 flex min-w-0 items-center gap-1 text-sm text-slate-600">
            <span className="shrink-0">{data ? `${data.currency} ·` : 'Account ID'}</span>
            <span className="truncate font-mono text-xs" title={accountId}>
              {accountId}
            </span>
            <CopyButton value={accountId} label="account ID" />
          </p>
        </div>
        {data ? <StatementButton wallet={data} /> : null}
      </div>
      {data ? (
        <AccountSummary wallet={data} />
      ) : (
        <div aria-hidden="true" className="h-28 animate-pulse rounded-xl bg-white ring-1 ring-slate-900/5" />
      )}
      <TabNav
        label="Account views"
        items={[
          { label: 'Recent transactions', to: `${base}/recents` },
          { label: 'Pending', to: `${base}/pending` },
        ]}
        className="mt-10 mb-4"
      />
      {data ? <Outlet /> : null}
    </>
  );
}
