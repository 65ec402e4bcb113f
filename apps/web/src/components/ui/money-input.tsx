import { type Currency, currencySymbol } from '@bizdash/shared';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './form-field';

type MoneyInputProps = { currency: Currency; invalid: boolean } & ComponentProps<'input'>;

/** An amount typed as text on a decimal keyboard, its currency's symbol inside the box. */
export function MoneyInput({ currency, invalid, className, ...props }: MoneyInputProps) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-base font-medium text-slate-500"
      >
        {currencySymbol(currency)}
      </span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        aria-invalid={invalid || undefined}
        className={cn(inputClasses(invalid), 'pl-8 text-lg tabular-nums', className)}
        {...props}
      />
    </div>
  );
}
