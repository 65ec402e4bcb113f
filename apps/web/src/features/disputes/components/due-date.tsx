import { type DisputeStatus, formatDateTime } from '@bizdash/shared';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 'Due in 3 days', 'Due in 5 hours', 'Due in less than an hour', 'Overdue'. */
export function dueText(dueBy: string, now: number): string {
  const left = Date.parse(dueBy) - now;
  if (left <= 0) return 'Overdue';
  if (left >= 2 * DAY_MS) return `Due in ${Math.floor(left / DAY_MS)} days`;
  if (left >= DAY_MS) return 'Due in 1 day';
  const hours = Math.floor(left / HOUR_MS);
  if (hours >= 2) return `Due in ${hours} hours`;
  return hours === 1 ? 'Due in 1 hour' : 'Due in less than an hour';
}

/**
 * When a dispute must be answered, relative while it needs an answer (red within two days or past), its date
 * otherwise; the exact time is its title.
 */
export function DueDate({
  dueBy,
  status,
  className,
}: {
  dueBy: string;
  status: DisputeStatus;
  className?: string;
}) {
  const open = status === 'NEEDS_RESPONSE';
  const now = useNow(60_000, open);
  if (!open) {
    return <span className={cn('text-slate-600', className)}>—</span>;
  }
  const urgent = Date.parse(dueBy) - now < 2 * DAY_MS;
  return (
    <time
      dateTime={dueBy}
      title={formatDateTime(dueBy)}
      data-testid="dispute-due"
      className={cn(urgent ? 'font-medium text-red-700' : 'text-slate-700', className)}
    >
      {dueText(dueBy, now)}
    </time>
  );
}
