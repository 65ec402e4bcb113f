import { type Currency, formatMoney, type Payout } from '@bizdash/shared';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { accountLabel } from './payout-status-badge';

export interface PayoutFigures {
  currency: Currency;
  amount: number;
  fee: number;
  /** 'Guaranty Trust Bank ****6789' */
  account: string;
  accountHolderName: string;
  arrivalEstimate: string;
  /** 'Naira wallet' */
  from?: string;
}

/** A created payout's figures, as the summary shows them. */
export const payoutFigures = (payout: Payout): PayoutFigures => ({
  currency: payout.currency,
  amount: payout.amount,
  fee: payout.fee,
  account: accountLabel(payout),
  accountHolderName: payout.accountHolderName,
  arrivalEstimate: payout.arrivalEstimate,
});

/** Where the money ended up, once it did: the summary then says what happened instead of what will. */
export type PayoutEnd = 'sent' | 'returned' | 'cancelled';

function Row({
  label,
  children,
  testId,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        data-testid={testId}
        className={cn(
          'text-sm break-words text-slate-900 sm:text-right',
          strong ? 'font-semibold' : 'font-medium',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** A payout's figures as the merchant checks them: what leaves, the fee, what arrives, where and when. */
export function PayoutSummary({ figures, end }: { figures: PayoutFigures; end?: PayoutEnd | undefined }) {
  const money = (minor: number) => formatMoney(minor, figures.currency);
  return (
    <dl className="divide-y divide-slate-100 rounded-lg px-4 ring-1 ring-slate-200">
      {figures.from ? (
        <Row label="From" testId="summary-from">
          {figures.from}
        </Row>
      ) : null}
      <Row label="To" testId="summary-account">
        <span className="block">{figures.account}</span>
        <span className="block text-xs font-normal text-slate-600">{figures.accountHolderName}</span>
      </Row>
      <Row label="Amount" testId="summary-amount">
        {money(figures.amount)}
      </Row>
      <Row label="Fee" testId="summary-fee">
        {money(figures.fee)}
      </Row>
      {end === 'cancelled' ? null : (
        <Row
          label={
            end === 'returned'
              ? 'Returned to your wallet'
              : end === 'sent'
                ? 'Total taken from your wallet'
                : 'Total leaving your wallet'
          }
          testId="summary-total"
          strong
        >
          {money(figures.amount + figures.fee)}
        </Row>
      )}
      {end === undefined || end === 'sent' ? (
        <Row
          label={end === 'sent' ? 'Sent to the account' : 'Arrives in the account'}
          testId="summary-arrives"
          strong
        >
          {money(figures.amount)}
        </Row>
      ) : null}
      {end === undefined ? (
        <Row label="Arrival" testId="summary-arrival">
          {figures.arrivalEstimate}
        </Row>
      ) : null}
    </dl>
  );
}
