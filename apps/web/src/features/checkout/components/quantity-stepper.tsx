import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from '@/lib/cn';

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** The units in stock: the most one order can take. */
  max: number;
  disabled?: boolean;
}

const clamp = (quantity: number, max: number) => Math.min(Math.max(quantity, 1), Math.max(max, 1));

const stepButton = cn(
  'flex size-11 items-center justify-center text-slate-700 transition-colors hover:bg-slate-100',
  'focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-brand-700',
  'disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
);

/** Quantity between 1 and the stock; typing is allowed, and whatever is typed lands within those bounds. */
export function QuantityStepper({ value, onChange, max, disabled = false }: QuantityStepperProps) {
  const id = useId();
  // The text being typed: it may be empty for a moment while the form keeps the last whole number.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const set = (quantity: number) => {
    const next = clamp(quantity, max);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Quantity
        </label>
        <p id={`${id}-stock`} className="text-xs text-slate-600">
          {max.toLocaleString('en')} available
        </p>
      </div>
      <div className="inline-flex overflow-hidden rounded-lg bg-white ring-1 ring-slate-300">
        <button
          type="button"
          aria-label="Decrease quantity"
          className={stepButton}
          disabled={disabled || value <= 1}
          onClick={() => set(value - 1)}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          id={id}
          aria-describedby={`${id}-stock`}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={draft}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            const typed = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(typed)) set(typed);
          }}
          onBlur={() => setDraft(String(value))}
          className={cn(
            'h-11 w-16 border-x border-slate-200 bg-white text-center text-base font-semibold text-slate-900 tabular-nums',
            'focus:relative focus:z-10 focus:outline-2 focus:outline-brand-700 [appearance:textfield]',
            '[&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
          )}
        />
        <button
          type="button"
          aria-label="Increase quantity"
          className={stepButton}
          disabled={disabled || value >= max}
          onClick={() => set(value + 1)}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
