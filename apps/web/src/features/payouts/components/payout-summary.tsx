import { type Currency, formatMoney } from '@bizdash/shared';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

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
export function PayoutSummary({ figures }: { figures: PayoutFigures }) {
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
      <Row label="Total leaving your wallet" testId="summary-total" strong>
        {money(figures.amount + figures.fee)}
      </Row>
      <Row label="Arrives in the account" testId="summary-arrives" strong>
        {money(figures.amount)}
      </Row>
      <Row label="Arrival" testId="summary-arrival">
        {figures.arrivalEstimate}
      </Row>
    </dl>
  );
}
