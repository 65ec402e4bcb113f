import { formatDateTime, formatMoney, type Payout, TRUNCATE_LIMITS, truncate } from '@bizdash/shared';
import { ChevronRight, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { ListFrame, ListSkeleton } from '@/components/ui/list-frame';
import { PermissionGate } from '@/components/ui/permission-gate';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/permissions';
import { useFitsWidth } from '@/lib/use-fits-width';
import { usePayouts } from '../api/get-payouts';
import { accountLabel, PayoutStatusBadge, returnedReason } from './payout-status-badge';

/** Below this width each payout is a card: date, account, amount, fee, status and the link need ~760 px. */
const TABLE_MIN_WIDTH = 760;
const CAPTION = 'Payouts';
const NEW_PAYOUT_PATH = '/payouts/new';

/** 'New payout': a link for a role that can make payouts, else the same button disabled, saying who can. */
export function NewPayoutLink({ children = 'New payout' }: { children?: ReactNode }) {
  const icon = <Send className="size-4" aria-hidden="true" />;
  return (
    <PermissionGate permission="payouts.create">
      {(allowed) =>
        allowed ? (
          <Link to={NEW_PAYOUT_PATH} className={buttonClasses('primary')}>
            {icon}
            {children}
          </Link>
        ) : (
          <Button icon={icon} disabled>
            {children}
          </Button>
        )
      }
    </PermissionGate>
  );
}

const payoutPath = (payout: Payout) => `/payouts/${payout.id}`;

/** A payout waiting for its code can still be confirmed (for 10 minutes); any other opens its status. */
function OpenLink({ payout }: { payout: Payout }) {
  // A role that cannot make payouts cannot confirm one either: it opens the payout to see it wait.
  const { allowed } = useCan('payouts.create');
  const confirm = payout.status === 'PENDING_CONFIRMATION' && allowed;
  const amount = formatMoney(payout.amount, payout.currency);
  return (
    <Link
      to={payoutPath(payout)}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {confirm ? 'Confirm' : 'View'}
      <span className="sr-only"> payout of {amount}</span>
      <ChevronRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

function AccountCell({ payout }: { payout: Payout }) {
  const label = accountLabel(payout);
  return (
    <>
      <span className="block truncate font-medium text-slate-900" title={label}>
        {truncate(payout.bankName, TRUNCATE_LIMITS.bankName)} {payout.accountNumberMasked}
      </span>
      <span className="block truncate text-xs text-slate-600" title={payout.accountHolderName}>
        {truncate(payout.accountHolderName, TRUNCATE_LIMITS.accountName)}
      </span>
    </>
  );
}

function StatusCell({ payout }: { payout: Payout }) {
  const reason = returnedReason(payout);
  return (
    <>
      <PayoutStatusBadge status={payout.status} />
      {reason ? (
        <span className="mt-1 block text-xs text-red-700" data-testid="payout-failure-reason">
          {reason}
        </span>
      ) : null}
    </>
  );
}

const COLUMNS = ['Date', 'Account', 'Amount', 'Fee', 'Status', 'Actions'] as const;
const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  Date: 'whitespace-nowrap text-left',
  Account: 'w-full max-w-0 text-left',
  Amount: 'whitespace-nowrap text-right',
  Fee: 'whitespace-nowrap text-right',
  Status: 'whitespace-nowrap text-left',
  Actions: 'w-px whitespace-nowrap text-right',
};
const cell = cn(tableCellClasses, 'align-top');

function PayoutsTable({ payouts }: { payouts: Payout[] }) {
  return (
    <DataTable caption={CAPTION} columns={COLUMNS} columnClasses={COLUMN_CLASSES} unlabelled={['Actions']}>
      {payouts.map((payout) => (
        <tr key={payout.id} data-testid="payout-row" data-payout-id={payout.id}>
          <td className={cn(cell, COLUMN_CLASSES.Date, 'text-slate-700')}>
            {formatDateTime(payout.createdAt)}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Account)}>
            <AccountCell payout={payout} />
          </td>
          <td
            className={cn(cell, COLUMN_CLASSES.Amount, 'font-medium text-slate-900 tabular-nums')}
            data-testid="payout-amount"
          >
            {formatMoney(payout.amount, payout.currency)}
          </td>
          <td
            className={cn(cell, COLUMN_CLASSES.Fee, 'text-slate-700 tabular-nums')}
            data-testid="payout-fee"
          >
            {formatMoney(payout.fee, payout.currency)}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Status)}>
            <StatusCell payout={payout} />
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Actions, 'py-2')}>
            <OpenLink payout={payout} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Narrow screens: each payout is a card, so nothing scrolls sideways. */
function PayoutCards({ payouts }: { payouts: Payout[] }) {
  return (
    <ul aria-label={CAPTION} className="divide-y divide-slate-100">
      {payouts.map((payout) => (
        <li
          key={payout.id}
          data-testid="payout-row"
          data-payout-id={payout.id}
          className="flex flex-col gap-1.5 px-4 py-3.5"
        >
          <span className="flex items-start justify-between gap-3">
            <span className="text-base font-semibold text-slate-900 tabular-nums" data-testid="payout-amount">
              {formatMoney(payout.amount, payout.currency)}
            </span>
            <PayoutStatusBadge status={payout.status} />
          </span>
          <span className="min-w-0 truncate text-sm text-slate-800" title={accountLabel(payout)}>
            {truncate(payout.bankName, TRUNCATE_LIMITS.bankName)} {payout.accountNumberMasked}
          </span>
          <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>{formatDateTime(payout.createdAt)}</span>
            <span data-testid="payout-fee">Fee {formatMoney(payout.fee, payout.currency)}</span>
          </span>
          {returnedReason(payout) ? (
            <span className="text-xs text-red-700" data-testid="payout-failure-reason">
              {returnedReason(payout)}
            </span>
          ) : null}
          <span className="-ml-2">
            <OpenLink payout={payout} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The payouts, newest first, with their loading, error and empty states. */
export function PayoutsList() {
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const query = usePayouts();
  if (!query.data) {
    if (query.isError) return <QueryErrorState query={query} />;
    return <ListSkeleton label="Loading payouts" ref={ref} />;
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={Send}
        title="No payouts yet"
        description="Send money from your Naira or Dollar wallet to one of your settlement bank accounts. Your payouts and their status will show here."
        action={<NewPayoutLink />}
      />
    );
  }
  return (
    <ListFrame ref={ref}>
      {wide ? <PayoutsTable payouts={query.data} /> : <PayoutCards payouts={query.data} />}
    </ListFrame>
  );
}
