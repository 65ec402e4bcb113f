import { CURRENCY_INFO, type FxQuote, formatFxRate, formatMoney } from '@bizdash/shared';
import { AmountLine } from '@/components/ui/amount-line';

/** What the quote moves: what leaves (fee included), the fee, the rate with its mid rate, and what arrives. */
export function QuoteDetails({ quote }: { quote: FxQuote }) {
  const feePercent = (quote.feeBps / 100).toLocaleString('en', { maximumFractionDigits: 2 });
  return (
    <dl className="flex flex-col gap-2.5">
      <AmountLine
        label="You send"
        note={`From your ${CURRENCY_INFO[quote.from].name} wallet, fee included`}
        value={formatMoney(quote.amountIn, quote.from)}
        testId="quote-amount-in"
      />
      <AmountLine
        label="Fee"
        note={`${feePercent}% of what you send`}
        value={formatMoney(quote.fee, quote.from)}
        testId="quote-fee"
      />
      <AmountLine
        label="Rate"
        note={`Mid-market ${formatFxRate(quote.midRate, quote.rateBase, quote.rateCounter)}`}
        value={formatFxRate(quote.rate, quote.rateBase, quote.rateCounter)}
        testId="quote-rate"
      />
      <AmountLine
        label="You receive"
        note={`In your ${CURRENCY_INFO[quote.to].name} wallet`}
        value={formatMoney(quote.amountOut, quote.to)}
        testId="quote-amount-out"
        strong
      />
    </dl>
  );
}
