import {
  CURRENCIES,
  CURRENCY_INFO,
  type Currency,
  currencySymbol,
  formatMoney,
  type Wallet,
} from '@bizdash/shared';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { FieldShell, inputClasses } from '@/components/ui/form-field';
import { MoneyInput } from '@/components/ui/money-input';
import type { useWallets } from '@/lib/api/wallets';
import { cn } from '@/lib/cn';

/* The conversion screen's fields (the wallets, the amount) and the balances beside it. */

const selectClasses = (invalid: boolean) => cn(inputClasses(invalid), 'appearance-none pr-9');

export function WalletSelect({
  label,
  balance,
  ...props
}: { label: string; balance: ReactNode } & React.ComponentProps<'select'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={balance} className="min-w-0 flex-1">
      <div className="relative">
        <select id={id} aria-describedby={`${id}-hint`} className={selectClasses(false)} {...props}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {CURRENCY_INFO[currency].name} ({currency})
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
    </FieldShell>
  );
}

export function balanceLine(wallets: { data?: Wallet[]; isPending: boolean }, currency: Currency): ReactNode {
  const wallet = wallets.data?.find((candidate) => candidate.currency === currency);
  if (wallets.isPending) return <span className="inline-block h-4 w-28 animate-pulse rounded bg-slate-100" />;
  if (!wallet) return 'Balance unavailable';
  return (
    <>
      Balance{' '}
      <span className="font-medium text-slate-800 tabular-nums" data-testid={`balance-${currency}`}>
        {formatMoney(wallet.availableBalance, currency)}
      </span>
    </>
  );
}

export function AmountInput({
  currency,
  label,
  error,
  ...props
}: { currency: Currency; label: string; error: string | null } & React.ComponentProps<'input'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error ?? undefined}>
      <MoneyInput
        id={id}
        currency={currency}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-12 font-semibold"
        {...props}
      />
    </FieldShell>
  );
}

export function BalancesCard({ wallets }: { wallets: ReturnType<typeof useWallets> }) {
  return (
    <aside
      aria-label="Your balances"
      className="flex h-fit flex-col gap-4 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5"
    >
      <h2 className="text-sm font-semibold text-slate-900">Your balances</h2>
      <ul className="flex flex-col gap-3">
        {CURRENCIES.map((currency) => (
          <li key={currency} className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2.5 text-sm text-slate-700">
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800 ring-1 ring-brand-100"
              >
                {currencySymbol(currency)}
              </span>
              {CURRENCY_INFO[currency].name}
            </span>
            <span className="text-sm font-semibold text-slate-900 tabular-nums">
              {wallets.data ? (
                formatMoney(
                  wallets.data.find((wallet) => wallet.currency === currency)?.availableBalance ?? 0,
                  currency,
                )
              ) : (
                <span className="inline-block h-4 w-24 animate-pulse rounded bg-slate-100" />
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className="border-t border-slate-100 pt-4 text-xs leading-relaxed text-slate-600">
        The rate includes our spread and is held for 30 seconds; a new quote follows when it runs out. Amounts
        are rounded to the kobo or cent in our favour, never by more than one.
      </p>
    </aside>
  );
}
