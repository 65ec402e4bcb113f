import { type CheckoutAmounts, type FeeBearer, formatMoney } from '@bizdash/shared';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

function AmountLine({
  label,
  value,
  note,
  testId,
  strong = false,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div
      className={cn('flex items-baseline justify-between gap-4', strong && 'border-t border-slate-200 pt-3')}
    >
      <dt className={strong ? 'text-base font-semibold text-slate-900' : 'text-sm text-slate-600'}>
        {label}
        {note ? <span className="block text-xs font-normal text-slate-600">{note}</span> : null}
      </dt>
      <dd
        data-testid={testId}
        className={cn(
          'text-right tabular-nums',
          strong
            ? 'text-xl font-semibold tracking-tight text-slate-900'
            : 'text-sm font-medium text-slate-900',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** Subtotal, fee and total. A fee the merchant carries shows as none for the customer: the total is the price. */
export function AmountSummary({ amounts, feeBearer }: { amounts: CheckoutAmounts; feeBearer: FeeBearer }) {
  const { currency, quantity, unitAmount } = amounts;
  const customerPaysFee = feeBearer === 'CUSTOMER';
  return (
    <dl className="flex flex-col gap-2.5" aria-label="Amount to pay">
      <AmountLine
        label="Subtotal"
        note={`${quantity.toLocaleString('en')} × ${formatMoney(unitAmount, currency)}`}
        value={formatMoney(amounts.subtotal, currency)}
        testId="amount-subtotal"
      />
      <AmountLine
        label="Fee"
        note={customerPaysFee ? 'Card processing' : 'Covered by the seller'}
        value={formatMoney(customerPaysFee ? amounts.fee : 0, currency)}
        testId="amount-fee"
      />
      <AmountLine
        label="Total"
        value={formatMoney(amounts.customerTotal, currency)}
        testId="amount-total"
        strong
      />
    </dl>
  );
}
