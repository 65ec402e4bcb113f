import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { useQuote } from '../api/get-quote';
import { QuoteCountdown } from './quote-countdown';
import { QuoteDetails } from './quote-details';

interface QuotePanelProps {
  /** Whether the form makes a quote request at all. */
  request: boolean;
  quote: ReturnType<typeof useQuote>['data'];
  /** The quote shown is not the one for what is typed now. */
  stale: boolean;
  query: ReturnType<typeof useQuote>;
  countdown: { secondsLeft: number; totalSeconds: number; refreshing: boolean } | null;
}

/** The quote under the amount: a hint before one is asked for, a failure with Retry, or the rate and what arrives. */
export function QuotePanel({ request, quote, stale, query, countdown }: QuotePanelProps) {
  const frame = 'rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5';
  if (!request) {
    return (
      <div className={cn(frame, 'text-sm text-slate-600')} data-testid="quote-empty">
        Enter an amount to see the rate, the fee and what arrives.
      </div>
    );
  }
  if (query.isError && !query.isFetching) {
    return <QueryErrorState query={query} variant="inline" headingLevel="h3" className={frame} />;
  }
  if (!quote) {
    return (
      <div
        className={cn(frame, 'flex items-center gap-2 text-sm text-slate-700')}
        data-testid="quote-loading"
      >
        <Spinner className="size-4 text-brand-700" label="Getting a rate" />
        Getting a rate…
      </div>
    );
  }
  return (
    <section
      aria-label="Quote"
      data-testid="quote"
      aria-busy={stale || undefined}
      className={cn(frame, 'flex flex-col gap-4 transition-opacity', stale && 'opacity-60')}
    >
      <QuoteDetails quote={quote} />
      {countdown && !stale ? <QuoteCountdown {...countdown} /> : null}
    </section>
  );
}
