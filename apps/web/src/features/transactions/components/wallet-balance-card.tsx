import {
  accountStatusStyle,
  CURRENCY_INFO,
  currencySymbol,
  formatDate,
  formatMoney,
  type Wallet,
} from '@bizdash/shared';
import { ChevronRight, Repeat, Send } from 'lucide-react';
import { Link } from 'react-router';
import { CopyButton } from '@/components/ui/copy-button';
import { StatusBadge } from '@/components/ui/status-badge';

export function AccountStatusBadge({ status }: { status: string }) {
  const { label, tone } = accountStatusStyle(status);
  return (
    <StatusBadge tone={tone} data-testid="account-status" data-status={label} className="capitalize">
      {label.toLowerCase()}
    </StatusBadge>
  );
}

export function CurrencyMark({
  currency,
  className = 'size-10 text-lg',
}: {
  currency: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-100 ${className}`}
    >
      {currencySymbol(currency)}
    </span>
  );
}

const cardActionClasses =
  'relative z-10 inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

interface WalletBalanceCardProps {
  wallet: Wallet;
  headingLevel?: 'h2' | 'h3';
  /** The accounts list also shows the wallet id and when it was opened. */
  showDetails?: boolean;
}

/** A wallet's balance at a glance; the whole card links to the account. */
export function WalletBalanceCard({
  wallet,
  headingLevel: Heading = 'h3',
  showDetails = false,
}: WalletBalanceCardProps) {
  const name = CURRENCY_INFO[wallet.currency].name;
  return (
    <article
      data-testid={`wallet-card-${wallet.currency}`}
      className="group relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 transition hover:shadow-md hover:ring-brand-200 focus-within:ring-2 focus-within:ring-brand-600 sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <CurrencyMark currency={wallet.currency} />
          <div className="min-w-0">
            <Heading className="text-base font-semibold text-slate-900">
              <Link
                to={`/accounts/${wallet.walletId}`}
                className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
              >
                {name}
                <span className="sr-only"> account</span>
              </Link>
            </Heading>
            <p className="text-xs text-slate-600">{wallet.currency} account</p>
          </div>
        </div>
        <AccountStatusBadge status={wallet.status} />
      </div>
      <p className="mt-6 text-sm text-slate-600">Available balance</p>
      <p
        data-testid="available-balance"
        className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900 tabular-nums sm:text-3xl"
      >
        {formatMoney(wallet.availableBalance, wallet.currency)}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Pending{' '}
        <span data-testid="pending-amount" className="font-medium text-slate-800 tabular-nums">
          {formatMoney(wallet.pendingAmount, wallet.currency)}
        </span>
      </p>
      {showDetails ? (
        <dl className="mt-5 space-y-2 border-t border-slate-100 pt-4 text-sm">
          <div className="flex items-center justify-between gap-4">
            <dt className="shrink-0 text-slate-600">Account ID</dt>
            <dd className="flex min-w-0 items-center gap-0.5">
              <span className="truncate font-mono text-xs text-slate-800" title={wallet.walletId}>
                {wallet.walletId}
              </span>
              {/* Above the card's stretched link, so copying does not open the account. */}
              <CopyButton value={wallet.walletId} label="account ID" className="relative z-10 -mr-1.5" />
            </dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-slate-600">Opened</dt>
            <dd className="text-slate-800">{formatDate(wallet.createdAt)}</dd>
          </div>
        </dl>
      ) : null}
      <div className="mt-5 flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 group-hover:text-brand-800">
          View account
          <ChevronRight
            className="size-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </span>
        {wallet.status === 'ACTIVE' ? (
          // Above the card's stretched link, so they open the payout (features/payouts) and conversion
          // (features/fx) screens, not the account.
          <span className="flex items-center gap-4">
            <Link to={`/payouts/new?wallet=${wallet.walletId}`} className={cardActionClasses}>
              <Send className="size-4" aria-hidden="true" />
              Pay out<span className="sr-only"> from {name}</span>
            </Link>
            <Link to={`/convert?from=${wallet.currency}`} className={cardActionClasses}>
              <Repeat className="size-4" aria-hidden="true" />
              Convert<span className="sr-only"> from {name}</span>
            </Link>
          </span>
        ) : null}
      </div>
    </article>
  );
}

const bar = 'block animate-pulse rounded bg-slate-100';

/**
 * A card's shape while the wallets load: every row as tall as the card's own (heading and account line, label,
 * balance, pending, link; the details when shown), so nothing below moves when the balances arrive.
 */
export function WalletCardSkeleton({ showDetails = false }: { showDetails?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span className="size-10 shrink-0 animate-pulse rounded-full bg-slate-100" />
        <div className="flex flex-col gap-1">
          <span className={`${bar} h-5 w-24`} />
          <span className={`${bar} h-3 w-20`} />
        </div>
      </div>
      <span className={`${bar} mt-6 h-5 w-28`} />
      <span className={`${bar} mt-1 h-8 w-48 sm:h-9`} />
      <span className={`${bar} mt-2 h-5 w-36`} />
      {showDetails ? (
        <div className="mt-5 space-y-2 border-t border-slate-100 pt-4">
          <span className={`${bar} h-7 w-full`} />
          <span className={`${bar} h-5 w-2/3`} />
        </div>
      ) : null}
      <span className={`${bar} mt-5 h-5 w-28`} />
    </div>
  );
}
