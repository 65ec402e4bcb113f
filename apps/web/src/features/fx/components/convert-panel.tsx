import {
  CURRENCY_DISPLAY_NAMES,
  type Currency,
  type FxConversion,
  fxInsufficientFundsMessage,
} from '@bizdash/shared';
import { ArrowDownUp, ArrowRightLeft, CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useWallets } from '@/lib/api/wallets';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useAttemptKey } from '@/lib/idempotency-key';
import { conversionMessage, useConvert } from '../api/convert';
import { useQuote } from '../api/get-quote';
import { amountCurrency, type ConvertFormValues, otherCurrency, quoteRequestOf } from '../convert-form';
import { useDebouncedValue } from '../use-debounced-value';
import { useQuoteCountdown } from '../use-quote-countdown';
import { ConfirmConversionModal } from './confirm-conversion-modal';
import { AmountInput, BalancesCard, balanceLine, WalletSelect } from './convert-fields';
import { QuoteCountdown } from './quote-countdown';
import { QuoteDetails } from './quote-details';

/** Typing settles for this long before a quote is asked for. */
const QUOTE_DELAY_MS = 400;
/** The server's answers that mean "this quote is no good any more": a fresh one is fetched. */
const STALE_QUOTE_CODES = new Set(['QUOTE_EXPIRED', 'QUOTE_ALREADY_USED']);

/**
 * The conversion screen's card: the two wallets (and a swap), what is sent or received, the quote the server
 * holds with its countdown (a new one when it runs out), and Convert, which asks first.
 */
export function ConvertPanel({ initialFrom }: { initialFrom: Currency }) {
  const wallets = useWallets();
  const { register, control, setValue, getValues } = useForm<ConvertFormValues>({
    defaultValues: { from: initialFrom, to: otherCurrency(initialFrom), side: 'sell', amount: '' },
  });
  const values = useWatch({ control }) as ConvertFormValues;
  const settled = useDebouncedValue(values, QUOTE_DELAY_MS);
  const typing = JSON.stringify(values) !== JSON.stringify(settled);
  const { request, error: amountError } = quoteRequestOf(settled);

  const quoteQuery = useQuote(request);
  const quote = request && !quoteQuery.isPlaceholderData ? quoteQuery.data : undefined;
  const shownQuote = request ? quoteQuery.data : undefined;
  const countdown = useQuoteCountdown(quote, quoteQuery.dataUpdatedAt);
  const totalSeconds = quote ? (Date.parse(quote.expiresAt) - Date.parse(quote.createdAt)) / 1000 : 0;
  const refreshing = quoteQuery.isFetching;
  const { refetch } = quoteQuery;
  const expired = countdown?.expired ?? false;
  useEffect(() => {
    if (expired && !refreshing) void refetch();
  }, [expired, refreshing, refetch]);

  const convert = useConvert();
  // Confirming the same quote again (a retry after a lost answer) reuses its key: the server converts once.
  const attemptKey = useAttemptKey();
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [lastConversion, setLastConversion] = useState<FxConversion | null>(null);

  const source = wallets.data?.find((wallet) => wallet.currency === values.from);
  const insufficient = Boolean(quote && source && quote.amountIn > source.availableBalance);
  const canConvert = Boolean(quote) && !insufficient && !refreshing && !typing && Boolean(source);
  const currency = amountCurrency(values);

  const swap = () => {
    const { from, to } = getValues();
    setValue('from', to);
    setValue('to', from);
  };
  const choose = (field: 'from' | 'to', currency: Currency) => {
    const other = field === 'from' ? 'to' : 'from';
    if (getValues(other) === currency) setValue(other, otherCurrency(currency));
  };

  const confirm = () => {
    if (!quote) return;
    setDialogError(null);
    convert.mutate(
      { quoteId: quote.id, idempotencyKey: attemptKey(quote.id) },
      {
        onSuccess: (conversion) => {
          setConfirming(false);
          setLastConversion(conversion);
          setValue('amount', '');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS') {
            setConfirming(false);
            toast.error(error.message);
            return;
          }
          if (error instanceof ApiError && error.code && STALE_QUOTE_CODES.has(error.code)) {
            setDialogError(`${error.message} A new quote is shown above.`);
            void refetch();
            return;
          }
          setDialogError(error.message);
        },
      },
    );
  };

  if (wallets.isError && !wallets.data) return <QueryErrorState query={wallets} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section
        aria-label="Conversion"
        className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 sm:p-6"
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canConvert) {
              setDialogError(null);
              setConfirming(true);
            }
          }}
          className="flex flex-col gap-6"
        >
          <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-start">
            <WalletSelect
              label="From"
              balance={balanceLine(wallets, values.from)}
              {...register('from', { onChange: (event) => choose('from', event.target.value) })}
            />
            <button
              type="button"
              onClick={swap}
              aria-label="Swap currencies"
              className="flex size-10 shrink-0 items-center justify-center self-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-slate-300 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:mt-7"
            >
              <ArrowDownUp className="size-5 sm:hidden" aria-hidden="true" />
              <ArrowRightLeft className="hidden size-5 sm:block" aria-hidden="true" />
            </button>
            <WalletSelect
              label="To"
              balance={balanceLine(wallets, values.to)}
              {...register('to', { onChange: (event) => choose('to', event.target.value) })}
            />
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="text-sm font-medium text-slate-800">Amount</legend>
            <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
              {(
                [
                  ['sell', 'You send'],
                  ['buy', 'You receive'],
                ] as const
              ).map(([side, label]) => (
                <label
                  key={side}
                  className={cn(
                    'flex h-9 cursor-pointer items-center justify-center rounded-md text-sm font-semibold transition',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                    values.side === side
                      ? 'bg-white text-slate-900 shadow-sm'
                      : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  <input type="radio" value={side} className="sr-only" {...register('side')} />
                  {label}
                </label>
              ))}
            </div>
            <AmountInput
              currency={currency}
              label={`${values.side === 'sell' ? 'Amount to send' : 'Amount to receive'} in ${CURRENCY_DISPLAY_NAMES[currency]}`}
              error={typing ? null : amountError}
              {...register('amount')}
            />
          </fieldset>

          <QuotePanel
            request={Boolean(request)}
            quote={shownQuote}
            stale={quoteQuery.isPlaceholderData || typing}
            query={quoteQuery}
            countdown={countdown ? { secondsLeft: countdown.secondsLeft, totalSeconds, refreshing } : null}
          />

          {insufficient && quote ? (
            <p
              role="alert"
              data-testid="insufficient-balance"
              className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {fxInsufficientFundsMessage(quote.from)}
            </p>
          ) : null}

          <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-end" disabled={!canConvert}>
            Convert
          </Button>

          {lastConversion ? (
            <div
              data-testid="last-conversion"
              className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 ring-1 ring-emerald-200"
            >
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>
                {conversionMessage(lastConversion)}. Reference{' '}
                <span className="font-mono font-medium">{lastConversion.reference}</span>.{' '}
                <Link
                  to={`/transactions/all?q=${encodeURIComponent(lastConversion.reference)}`}
                  className="font-semibold underline underline-offset-2"
                >
                  View transactions
                </Link>
              </p>
            </div>
          ) : null}
        </form>
      </section>

      <BalancesCard wallets={wallets} />

      {quote ? (
        <ConfirmConversionModal
          open={confirming}
          onOpenChange={setConfirming}
          quote={quote}
          countdown={{ secondsLeft: countdown?.secondsLeft ?? 0, totalSeconds, refreshing }}
          converting={convert.isPending}
          error={dialogError}
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}

function QuotePanel({
  request,
  quote,
  stale,
  query,
  countdown,
}: {
  request: boolean;
  quote: ReturnType<typeof useQuote>['data'];
  stale: boolean;
  query: ReturnType<typeof useQuote>;
  countdown: { secondsLeft: number; totalSeconds: number; refreshing: boolean } | null;
}) {
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
