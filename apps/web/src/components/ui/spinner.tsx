import { cn } from '@/lib/cn';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when a surrounding element already says what is happening. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const svg = (
    <svg
      className={cn('animate-spin', className ?? 'size-5')}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The dark-blue spinner shown while a lazily loaded page arrives. */
export function PageSpinner({ className }: { className?: string }) {
  return (
    <div
      data-testid="page-spinner"
      className={cn(
        'flex min-h-64 w-full motion-safe:animate-fade-in-late items-center justify-center',
        className,
      )}
    >
      <Spinner className="size-10 text-brand-900" label="Loading" />
    </div>
  );
}
