import type { ReactNode } from 'react';

interface ListFrameProps {
  children: ReactNode;
  busy?: boolean;
  /** Lists measure the room they have (table or cards) through this ref. */
  ref?: (element: HTMLDivElement | null) => void;
}

/** The card a list sits in: its table, cards, skeleton or empty state. */
export function ListFrame({ children, busy = false, ref }: ListFrameProps) {
  return (
    <div
      ref={ref}
      className="overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-900/5"
      aria-busy={busy || undefined}
    >
      {children}
    </div>
  );
}

interface ListSkeletonProps {
  /** Announced while the list loads: 'Loading payouts'. */
  label: string;
  ref?: ListFrameProps['ref'];
}

/** A list's first load: three pulsing rows in the list's frame, announced once. */
export function ListSkeleton({ label, ref }: ListSkeletonProps) {
  return (
    <ListFrame busy ref={ref}>
      <span className="sr-only" role="status">
        {label}
      </span>
      <div className="divide-y divide-slate-100" aria-hidden="true">
        {['first', 'second', 'third'].map((key) => (
          <div key={key} className="flex items-center gap-4 px-4 py-4">
            <span className="h-4 w-28 animate-pulse rounded bg-slate-100" />
            <span className="h-4 flex-1 animate-pulse rounded bg-slate-100" />
            <span className="h-4 w-20 animate-pulse rounded bg-slate-100" />
            <span className="h-5 w-20 animate-pulse rounded-full bg-slate-100" />
          </div>
        ))}
      </div>
    </ListFrame>
  );
}
