import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface AmountLineProps {
  label: string;
  /** A line under the label that says where the figure comes from. */
  note?: ReactNode;
  value: string;
  testId: string;
  /** The line the others add up to: set apart above, and larger. */
  strong?: boolean;
}

/** One figure of a money breakdown (a <dl>'s entry): the label and its note on the left, the amount on the right. */
export function AmountLine({ label, note, value, testId, strong = false }: AmountLineProps) {
  return (
    <div
      className={cn('flex items-baseline justify-between gap-4', strong && 'border-t border-slate-200 pt-3')}
    >
      <dt className={strong ? 'text-base font-semibold text-slate-900' : 'text-sm text-slate-600'}>
        {label}
        {note ? <span className="block text-xs font-normal text-slate-600">{note}</span> : null}
      </dt>
      <dd
        data-testid={testId}
        className={cn(
          'shrink-0 text-right whitespace-nowrap tabular-nums',
          strong
            ? 'text-xl font-semibold tracking-tight text-slate-900'
            : 'text-sm font-medium text-slate-900',
        )}
      >
        {value}
      </dd>
    </div>
  );
}
