import { CURRENCY_INFO, formatDateTime, formatMoney, type Payout, type PayoutStatus } from '@bizdash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, CircleCheck, type LucideIcon, Undo2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import { accountLabel, PayoutStatusBadge } from './payout-status-badge';
import { type PayoutEnd, PayoutSummary, payoutFigures } from './payout-summary';

type Outcome = Exclude<PayoutStatus, 'PENDING_CONFIRMATION'>;

const HEADINGS: Record<Outcome, string> = {
  PROCESSING: 'Sending your payout',
  SUCCESSFUL: 'Payout sent',
  FAILED: 'Payout failed and returned',
  CANCELLED: 'Payout cancelled',
};

const ICONS: Record<Exclude<Outcome, 'PROCESSING'>, { icon: LucideIcon; classes: string }> = {
  SUCCESSFUL: { icon: CircleCheck, classes: 'bg-emerald-50 text-emerald-700' },
  FAILED: { icon: Undo2, classes: 'bg-red-50 text-red-700' },
  CANCELLED: { icon: Ban, classes: 'bg-slate-100 text-slate-600' },
};

const ENDS: Record<Outcome, PayoutEnd | undefined> = {
  PROCESSING: undefined,
  SUCCESSFUL: 'sent',
  FAILED: 'returned',
  CANCELLED: 'cancelled',
};

function ResultIcon({ status }: { status: Outcome }) {
  if (status === 'PROCESSING') {
    return (
      <div className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Spinner className="size-7" />
      </div>
    );
  }
  const { icon: Icon, classes } = ICONS[status];
  return (
    <div className={cn('flex size-14 items-center justify-center rounded-full', classes)}>
      <Icon className="size-7" aria-hidden="true" />
    </div>
  );
}

function explanation(payout: Payout, status: Outcome): string {
  const money = (minor: number) => formatMoney(minor, payout.currency);
  const account = accountLabel(payout);
  switch (status) {
    case 'PROCESSING':
      return `${money(payout.amount)} is on its way to ${account}. ${payout.arrivalEstimate}. This page updates by itself.`;
    case 'SUCCESSFUL':
      return `${money(payout.amount)} was sent to ${account}${payout.settledAt ? ` on ${formatDateTime(payout.settledAt)}` : ''}.`;
    case 'FAILED':
      return `The bank returned it: ${payout.failureReason ?? 'it did not accept the transfer'}. ${money(payout.amount)} and the ${money(payout.fee)} fee are back in your ${CURRENCY_INFO[payout.currency].name} wallet.`;
    case 'CANCELLED':
      return 'It was not confirmed within 10 minutes, so nothing left your wallet.';
  }
}

/**
 * Follows a confirmed payout as the rail moves it (a live 'payout' notice refreshes the payout query): on its
 * way, then sent, or failed and returned. The change is announced, toasted, and refreshes balances and lists.
 */
export function PayoutResult({ payout }: { payout: Payout & { status: Outcome } }) {
  const queryClient = useQueryClient();
  const seen = useRef(payout.status);
  const { status } = payout;

  useEffect(() => {
    if (seen.current === status) return;
    const before = seen.current;
    seen.current = status;
    if (before !== 'PROCESSING') return;
    const amount = formatMoney(payout.amount, payout.currency);
    if (status === 'SUCCESSFUL') toast.success(`Payout sent: ${amount} to ${accountLabel(payout)}`);
    if (status === 'FAILED')
      toast.error(`Payout failed: ${payout.failureReason ?? 'returned'}. The money is back in your wallet.`);
    for (const queryKey of [queryKeys.wallets, queryKeys.transactions, queryKeys.payouts]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [status, payout, queryClient]);

  return (
    <section
      aria-labelledby="payout-result-heading"
      data-testid="payout-result"
      data-status={status}
      className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 sm:p-6"
    >
      <div className="flex flex-col items-center text-center" role="status" aria-live="polite">
        <ResultIcon status={status} />
        <h2 id="payout-result-heading" className="mt-4 text-lg font-semibold text-slate-900">
          {HEADINGS[status]}
        </h2>
        <p className="mt-1.5 max-w-lg text-sm text-slate-600" data-testid="payout-result-text">
          {explanation(payout, status)}
        </p>
        <div className="mt-3">
          <PayoutStatusBadge status={status} />
        </div>
      </div>
      <div className="mt-6">
        <PayoutSummary figures={payoutFigures(payout)} end={ENDS[status]} />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to="/payouts" className={buttonClasses('secondary')}>
          Back to payouts
        </Link>
        <Link to="/payouts/new" className={buttonClasses('primary')}>
          New payout
        </Link>
      </div>
    </section>
  );
}
