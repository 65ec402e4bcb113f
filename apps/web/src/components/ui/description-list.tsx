import type { ReactNode } from 'react';

export interface DescriptionItem {
  label: string;
  value: ReactNode;
}

/** Read-only label/value pairs; empty values say so instead of leaving a gap. */
export function DescriptionList({ items }: { items: DescriptionItem[] }) {
  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label}>
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="mt-1 text-sm font-medium break-words text-slate-900">
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
