import { type CurrencyAmount, formatMoney } from '@bizdash/shared';
import { cn } from '@/lib/cn';

/** Amounts in several currencies, one per line (NGN first); a dash when there is none. */
export function CustomerAmounts({
  amounts,
  className,
  testId,
}: {
  amounts: CurrencyAmount[];
  className?: string;
  testId?: string;
}) {
  if (amounts.length === 0)
    return (
      <span className="text-slate-500" data-testid={testId}>
        -
      </span>
    );
  return (
    <span className={cn('inline-flex flex-col tabular-nums', className)} data-testid={testId}>
      {amounts.map((amount) => (
        <span key={amount.currency}>{formatMoney(amount.amount, amount.currency)}</span>
      ))}
    </span>
  );
}
