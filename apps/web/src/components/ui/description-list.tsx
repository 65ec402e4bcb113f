import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DescriptionItem {
  label: string;
  value: ReactNode;
  /** Spans both columns (long values such as ids). */
  wide?: boolean;
  /** Marks the value for tests: data-testid on the <dd>. */
  testId?: string;
}

/** Read-only label/value pairs; empty values say so instead of leaving a gap. */
export function DescriptionList({
  items,
  twoColumnsOnPhones = false,
}: {
  items: DescriptionItem[];
  /** Short values (amounts, codes) fit side by side even on a phone. */
  twoColumnsOnPhones?: boolean;
}) {
  return (
    <dl
      className={cn(
        'grid gap-x-8 gap-y-5',
        twoColumnsOnPhones ? 'grid-cols-2 gap-x-4 sm:gap-x-8' : 'sm:grid-cols-2',
      )}
    >
      {items.map((item) => (
        <div
          key={item.label}
          className={cn('min-w-0', item.wide && (twoColumnsOnPhones ? 'col-span-2' : 'sm:col-span-2'))}
        >
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="mt-1 text-sm font-medium break-words text-slate-900" data-testid={item.testId}>
            {item.value === null || item.value === undefined || item.value === '' ? (
              <span className="font-normal text-slate-600">Not set</span>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
