import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/** "Rate held for 27s" with a bar running down; "Updating rate…" while the next quote is on its way. */
export function QuoteCountdown({
  secondsLeft,
  totalSeconds,
  refreshing,
}: {
  secondsLeft: number;
  totalSeconds: number;
  refreshing: boolean;
}) {
  const share = totalSeconds > 0 ? Math.min(1, secondsLeft / totalSeconds) : 0;
  return (
    <div className="flex flex-col gap-1.5" data-testid="quote-countdown">
      {refreshing ? (
        <p className="flex items-center gap-2 text-xs font-medium text-slate-700">
          <Spinner className="size-3.5 text-brand-700" />
          Updating rate…
        </p>
      ) : (
        <p className="text-xs font-medium text-slate-700">
          Rate held for{' '}
          <span data-testid="quote-seconds-left" className="text-slate-900 tabular-nums">
            {secondsLeft}s
          </span>
        </p>
      )}
      <div className="h-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div
          className={cn(
            'h-full rounded-full bg-brand-600 transition-[width] duration-300 ease-linear',
            secondsLeft <= 5 && 'bg-amber-500',
          )}
          style={{ width: `${refreshing ? 0 : share * 100}%` }}
        />
      </div>
    </div>
  );
}
