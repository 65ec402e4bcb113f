import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ChoiceCardProps {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: (value: string) => void;
  /** The option's name, for the radio (the card's main line). */
  children: ReactNode;
  /** Figures on the right (a balance). */
  aside?: ReactNode;
  /** A line under the option: why it cannot be chosen, or more about it. */
  note?: ReactNode;
  testId?: string;
}

/**
 * One option of a radio group drawn as a card: a real radio underneath, so arrow keys move between the options,
 * Space picks one, and a disabled option is skipped and announced as such.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  disabled = false,
  onSelect,
  children,
  aside,
  note,
  testId,
}: ChoiceCardProps) {
  const noteId = `${name}-${value}-note`;
  return (
    <label
      data-testid={testId}
      data-disabled={disabled || undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border bg-white px-4 py-3.5 transition-colors',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700',
        disabled
          ? 'cursor-not-allowed border-slate-200 bg-slate-50'
          : checked
            ? 'cursor-pointer border-brand-600 bg-brand-50/50 ring-1 ring-brand-600'
            : 'cursor-pointer border-slate-200 hover:border-brand-300 hover:bg-brand-50/30',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(value)}
        aria-describedby={note ? noteId : undefined}
        className="mt-1 size-4 shrink-0 accent-brand-700 focus:outline-none disabled:cursor-not-allowed"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <span className={cn('min-w-0', disabled ? 'text-slate-600' : 'text-slate-900')}>{children}</span>
          {aside ? <span className="shrink-0">{aside}</span> : null}
        </span>
        {note ? (
          <span id={noteId} className="text-sm text-slate-600">
            {note}
          </span>
        ) : null}
      </span>
    </label>
  );
}
