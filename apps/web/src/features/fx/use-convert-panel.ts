import type { Currency, FxConversion } from '@bizdash/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useWallets } from '@/lib/api/wallets';
import { ApiError } from '@/lib/api-error';
import { useAttemptKey } from '@/lib/idempotency-key';
import { useConvert } from './api/convert';
import { useQuote } from './api/get-quote';
import { amountCurrency, type ConvertFormValues, otherCurrency, quoteRequestOf } from './convert-form';
import { useDebouncedValue } from './use-debounced-value';
import { useQuoteCountdown } from './use-quote-countdown';

/** Typing settles for this long before a quote is asked for. */
const QUOTE_DELAY_MS = 400;
/** The server's answers that mean "this quote is no good any more": a fresh one is fetched. */
const STALE_QUOTE_CODES = new Set(['QUOTE_EXPIRED', 'QUOTE_ALREADY_USED']);

/**
 * The conversion screen's state: the form, the quote for what settled in it (refetched when its countdown runs
 * out), whether it can be converted, and the confirmation dialog with its conversion.
 */
export function useConvertPanel(initialFrom: Currency) {
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

  const swap = () => {
    const { from, to } = getValues();
    setValue('from', to);
    setValue('to', from);
  };
  /** The other side never holds the currency chosen for this one. */
  const choose = (field: 'from' | 'to', currency: Currency) => {
    const other = field === 'from' ? 'to' : 'from';
    if (getValues(other) === currency) setValue(other, otherCurrency(currency));
  };
  const registerWallet = (field: 'from' | 'to') =>
    register(field, { onChange: (event) => choose(field, event.target.value) });

  const askToConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!canConvert) return;
    setDialogError(null);
    setConfirming(true);
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

  return {
    wallets,
    values,
    register,
    registerWallet,
    swap,
    /** The currency the amount is typed in, and what is wrong with it once typing settles. */
    amountCurrency: amountCurrency(values),
    amountError: typing ? null : amountError,
    quoteQuery,
    hasRequest: Boolean(request),
    /** The quote that can be converted (not a placeholder while the next one comes). */
    quote,
    /** What the quote panel shows: the last quote, dimmed while typing or a new one is on its way. */
    shownQuote: request ? quoteQuery.data : undefined,
    stale: quoteQuery.isPlaceholderData || typing,
    countdown: countdown ? { secondsLeft: countdown.secondsLeft, totalSeconds, refreshing } : null,
    insufficient,
    canConvert,
    askToConfirm,
    dialog: {
      open: confirming,
      onOpenChange: setConfirming,
      countdown: { secondsLeft: countdown?.secondsLeft ?? 0, totalSeconds, refreshing },
      converting: convert.isPending,
      error: dialogError,
      onConfirm: confirm,
    },
    lastConversion,
  };
}
