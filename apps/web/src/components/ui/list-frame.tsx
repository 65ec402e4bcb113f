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
