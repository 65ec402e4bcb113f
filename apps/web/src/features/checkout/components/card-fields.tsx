import {
  CARD_BRAND_LABELS,
  cardBrand,
  cardDigits,
  formatCardNumber,
  type StartPayment,
} from '@bizdash/shared';
import { CreditCard } from 'lucide-react';
import { useId } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { inputClasses, TextField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

/** Digits typed into the expiry box read as MM/YY; "4/" means April. */
function formatExpiryInput(text: string): string {
  const singleMonth = /^(\d)\s*\/$/.exec(text.trim());
  if (singleMonth) return `0${singleMonth[1]}/`;
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

interface CardFieldsProps {
  register: UseFormRegister<StartPayment>;
  control: Control<StartPayment>;
  errors: FieldErrors<StartPayment>['card'];
}

/** Card number (with the brand it looks like), expiry and CVV. */
export function CardFields({ register, control, errors }: CardFieldsProps) {
  const numberId = useId();
  const number = useWatch({ control, name: 'card.number' });
  const brand = cardBrand(cardDigits(number ?? ''));
  const numberField = register('card.number');
  const expiryField = register('card.expiry');
  const numberError = errors?.number?.message;

  return (
    <div className="flex flex-col gap-4">
      {/* FieldShell's markup, with the detected brand on the label's line: inside the box it would hide digits. */}
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={numberId} className="text-sm font-medium text-slate-800">
            Card number
          </label>
          {brand === 'UNKNOWN' ? null : (
            <span
              data-testid="card-brand"
              className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
            >
              {CARD_BRAND_LABELS[brand]}
            </span>
          )}
        </div>
        <div className="relative">
          <CreditCard
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            {...numberField}
            id={numberId}
            onChange={(event) => {
              // Tidied before react-hook-form reads it, so the box and the form hold the same text.
              event.target.value = formatCardNumber(event.target.value);
              return numberField.onChange(event);
            }}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            aria-invalid={numberError ? true : undefined}
            aria-describedby={numberError ? `${numberId}-error` : undefined}
            className={cn(inputClasses(Boolean(numberError)), 'pl-11 tabular-nums')}
          />
        </div>
        {numberError ? (
          <p id={`${numberId}-error`} className="text-sm text-red-700">
            {numberError}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          error={errors?.expiry?.message}
          {...expiryField}
          onChange={(event) => {
            event.target.value = formatExpiryInput(event.target.value);
            return expiryField.onChange(event);
          }}
        />
        <TextField
          label="CVV"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={errors?.cvv?.message}
          {...register('card.cvv')}
        />
      </div>
    </div>
  );
}
