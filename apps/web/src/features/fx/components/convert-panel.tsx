import { CURRENCY_INFO, type Currency, fxInsufficientFundsMessage } from '@bizdash/shared';
import { ArrowDownUp, ArrowRightLeft, CircleCheck, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { QueryErrorState } from '@/components/ui/error-state';
import { PermissionGate } from '@/components/ui/permission-gate';
import { cn } from '@/lib/cn';
import { conversionMessage } from '../api/convert';
import { useConvertPanel } from '../use-convert-panel';
import { ConfirmConversionModal } from './confirm-conversion-modal';
import { AmountInput, BalancesCard, balanceLine, WalletSelect } from './convert-fields';
import { QuotePanel } from './quote-panel';

const SIDES = [
  ['sell', 'You send'],
  ['buy', 'You receive'],
] as const;

/**
 * The conversion screen's card: the two wallets (and a swap), what is sent or received, the quote the server
 * holds with its countdown (a new one when it runs out), and Convert, which asks first.
 */
export function ConvertPanel({ initialFrom }: { initialFrom: Currency }) {
  const panel = useConvertPanel(initialFrom);
  const { wallets, values, quote, lastConversion } = panel;

  if (wallets.isError && !wallets.data) return <QueryErrorState query={wallets} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section
        aria-label="Conversion"
        className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 sm:p-6"
      >
        <form noValidate onSubmit={panel.askToConfirm} className="flex flex-col gap-6">
          <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-start">
            <WalletSelect
              label="From"
              balance={balanceLine(wallets, values.from)}
              {...panel.registerWallet('from')}
            />
            <button
              type="button"
              onClick={panel.swap}
              aria-label="Swap currencies"
              className="flex size-10 shrink-0 items-center justify-center self-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-slate-300 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:mt-7"
            >
              <ArrowDownUp className="size-5 sm:hidden" aria-hidden="true" />
              <ArrowRightLeft className="hidden size-5 sm:block" aria-hidden="true" />
            </button>
            <WalletSelect
              label="To"
              balance={balanceLine(wallets, values.to)}
              {...panel.registerWallet('to')}
            />
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="text-sm font-medium text-slate-800">Amount</legend>
            <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
              {SIDES.map(([side, label]) => (
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
                  <input type="radio" value={side} className="sr-only" {...panel.register('side')} />
                  {label}
                </label>
              ))}
            </div>
            <AmountInput
              currency={panel.amountCurrency}
              label={`${values.side === 'sell' ? 'Amount to send' : 'Amount to receive'} in ${CURRENCY_INFO[panel.amountCurrency].name}`}
              error={panel.amountError}
              {...panel.register('amount')}
            />
          </fieldset>

          <QuotePanel
            request={panel.hasRequest}
            quote={panel.shownQuote}
            stale={panel.stale}
            query={panel.quoteQuery}
            countdown={panel.countdown}
          />

          {panel.insufficient && quote ? (
            <p
              role="alert"
              data-testid="insufficient-balance"
              className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {fxInsufficientFundsMessage(quote.from)}
            </p>
          ) : null}

          <PermissionGate permission="conversions.create" className="w-full sm:w-auto sm:self-end">
            {(allowed) => (
              <Button
                type="submit"
                size="lg"
                className="w-full sm:w-auto sm:self-end"
                disabled={!allowed || !panel.canConvert}
              >
                Convert
              </Button>
            )}
          </PermissionGate>

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

      {quote ? <ConfirmConversionModal quote={quote} {...panel.dialog} /> : null}
    </div>
  );
}
