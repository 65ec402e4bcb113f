import { CURRENCY_DISPLAY_NAMES, type FxQuote, formatFxRate, formatMoney } from '@bizdash/shared';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

function Line({
  label,
  note,
  value,
  testId,
  strong = false,
}: {
  label: string;
  note?: ReactNode;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div
      className={cn('flex items-baseline justify-between gap-4', strong && 'border-t border-slate-200 pt-3')}
    >
      <dt className={strong ? 'text-sm font-semibold text-slate-900' : 'text-sm text-slate-600'}>
        {label}
        {note ? <span className="block text-xs font-normal text-slate-600">{note}</span> : null}
      </dt>
      <dd
        data-testid={testId}
        className={cn(
          'shrink-0 text-right whitespace-nowrap tabular-nums',
          strong
            ? 'text-lg font-semibold tracking-tight text-slate-900'
            : 'text-sm font-medium text-slate-900',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** What the quote moves: what leaves (fee included), the fee, the rate with its mid rate, and what arrives. */
export function QuoteDetails({ quote }: { quote: FxQuote }) {
  const feePercent = (quote.feeBps / 100).toLocaleString('en', { maximumFractionDigits: 2 });
  return (
    <dl className="flex flex-col gap-2.5">
      <Line
        label="You send"
        note={`From your ${CURRENCY_DISPLAY_NAMES[quote.from]} wallet, fee included`}
        value={formatMoney(quote.amountIn, quote.from)}
        testId="quote-amount-in"
      />
      <Line
        label="Fee"
        note={`${feePercent}% of what you send`}
        value={formatMoney(quote.fee, quote.from)}
        testId="quote-fee"
      />
      <Line
        label="Rate"
        note={`Mid-market ${formatFxRate(quote.midRate, quote.rateBase, quote.rateCounter)}`}
        value={formatFxRate(quote.rate, quote.rateBase, quote.rateCounter)}
        testId="quote-rate"
      />
      <Line
        label="You receive"
        note={`In your ${CURRENCY_DISPLAY_NAMES[quote.to]} wallet`}
        value={formatMoney(quote.amountOut, quote.to)}
        testId="quote-amount-out"
        strong
      />
    </dl>
  );
}
