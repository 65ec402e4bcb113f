import { cn } from '@/lib/cn';
import { useDisputeSummary } from '../api/get-disputes';

/** Beside the sidebar's Disputes entry: how many disputes need an answer (nothing when none). */
export function DisputesNavBadge({ className }: { className?: string }) {
  const { data } = useDisputeSummary();
  const count = data?.needsResponseCount ?? 0;
  if (count <= 0) return null;
  return (
    <span
      data-testid="disputes-nav-badge"
      className={cn(
        'ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> need{count === 1 ? 's' : ''} a response</span>
    </span>
  );
}

/** On the phone's menu button: a dot while disputes need an answer (the count is inside the menu). */
export function DisputesMenuDot() {
  const { data } = useDisputeSummary();
  if ((data?.needsResponseCount ?? 0) <= 0) return null;
  return (
    <span
      data-testid="disputes-menu-dot"
      aria-hidden="true"
      className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
    />
  );
}
