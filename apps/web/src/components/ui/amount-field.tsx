import type { Currency } from '@bizdash/shared';
import type { ReactNode } from 'react';
import { FieldShell } from './form-field';
import { MoneyInput } from './money-input';

interface AmountFieldProps {
  id: string;
  label: string;
  currency: Currency;
  /** The text as typed, in major units (read with lib/amount-text). */
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  name?: string;
  disabled?: boolean;
  className?: string;
}

/** The amount box of money flows (a payout, a refund): its label, the currency's symbol inside, hint and error. */
export function AmountField({
  id,
  label,
  currency,
  value,
  onChange,
  error,
  hint,
  name = 'amount',
  disabled,
  className,
}: AmountFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <MoneyInput
        id={id}
        name={name}
        currency={currency}
        invalid={Boolean(error)}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="font-medium"
      />
    </FieldShell>
  );
}
