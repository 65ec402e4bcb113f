import { cn } from '@/lib/cn';

interface SegmentedControlProps<T extends string> {
  /** What is being chosen, read out to screen readers. */
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** A few choices side by side, one pressed (a chart's currency, a list's filter). */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<T>) {
  return (
    <fieldset className={cn('inline-flex max-w-full flex-wrap rounded-lg bg-slate-100 p-1', className)}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-700',
            option.value === value
              ? 'bg-white text-slate-900 shadow-xs'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
